// The demo catalog's items: brand, name and price in coins, per category, and where the item is
// made in sizes, which list its size comes from (a fourth field; every sneaker is a shoe). Rarity
// follows the price (see rarityForPrice), sale price is SALE_SHARE of the price. Slugs come from the names.
import type { SizeKind } from '../../../core/protocol/shipping.ts';

export const CATEGORIES = ['sneakers', 'tech', 'watches', 'fashion', 'gaming', 'gift-cards'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface CatalogItem {
  slug: string;
  brand: string;
  name: string;
  category: Category;
  /** Coins. */
  price: number;
  /** The size list the player chooses from when shipping it; null: one size. */
  sizeKind: SizeKind | null;
}

/** Shoes are sized whatever their brand; other categories name their sized items line by line. */
const SIZED_CATEGORIES: Partial<Record<Category, SizeKind>> = { sneakers: 'shoe' };

const raw: Record<Category, string> = {
  sneakers: `
Nike|Air Force 1 Low White|110
Nike|Air Max 90|130
Nike|Dunk Low Panda|115
Nike|Air Jordan 1 High Chicago|420
Nike|Air Jordan 4 Retro Military Black|360
Nike|Air Jordan 11 Concord|290
Nike|Blazer Mid 77|100
Adidas|Samba OG|100
Adidas|Gazelle Indoor|120
Adidas|Yeezy Boost 350 V2 Zebra|310
Adidas|Ultraboost Light|190
Adidas|Forum Low|95
New Balance|550 White Green|120
New Balance|990v6 Grey|200
New Balance|2002R Protection Pack|170
Asics|Gel-Kayano 14|150
Asics|Gel-1130|110
Puma|Suede Classic|70
Puma|Palermo|90
Converse|Chuck 70 High|85
Vans|Old Skool|70
Salomon|XT-6|190
On|Cloudmonster|170
Travis Scott|Jordan 1 Low Reverse Mocha|1250
Off-White|Air Jordan 1 Chicago|4800
Dior|Air Jordan 1 High|9500
Crocs|Classic Clog|45
`,
  tech: `
Apple|iPhone 16 Pro Max 256GB|1299
Apple|iPhone 16 128GB|829
Apple|MacBook Air M3 13"|1199
Apple|MacBook Pro M4 Max 16"|3999
Apple|AirPods Pro 2|249
Apple|AirPods Max|549
Apple|iPad Pro M4 11"|999
Apple|Apple Watch Ultra 2|799
Apple|AirTag 4 Pack|99
Samsung|Galaxy S25 Ultra|1299
Samsung|Galaxy Z Fold6|1899
Samsung|Galaxy Buds3 Pro|249
Sony|WH-1000XM5|399
Sony|WF-1000XM5|299
Google|Pixel 9 Pro|999
DJI|Mini 4 Pro Drone|759
DJI|Osmo Pocket 3|519
GoPro|HERO13 Black|399
Bose|QuietComfort Ultra|429
JBL|Flip 6|129
Anker|737 Power Bank|89
Logitech|MX Master 3S|99
Kindle|Paperwhite Signature|189
Dyson|Supersonic Hair Dryer|429
Marshall|Emberton III|169
Belkin|3-in-1 MagSafe Charger|129
Apple|USB-C Cable 1m|19
`,
  watches: `
Rolex|Submariner Date|14500
Rolex|Daytona Panda|38000
Rolex|GMT-Master II Pepsi|21500
Rolex|Datejust 41|11200
Omega|Speedmaster Moonwatch|7200
Omega|Seamaster Diver 300M|5900
Audemars Piguet|Royal Oak 15500ST|62000
Patek Philippe|Nautilus 5711|135000
Cartier|Santos de Cartier|7600
Tag Heuer|Carrera Chronograph|5900
Tudor|Black Bay 58|4300
Breitling|Navitimer B01|8900
IWC|Pilot's Watch Mark XX|5200
Longines|Spirit Zulu Time|3400
Tissot|PRX Powermatic 80|725
Seiko|Presage Cocktail Time|450
Seiko|5 Sports SRPD|295
Casio|G-Shock GA-2100|99
Casio|F-91W|20
Casio|Vintage A168|55
Citizen|Promaster Diver|350
Hamilton|Khaki Field Mechanical|525
Swatch|MoonSwatch Mission to Mars|270
Garmin|Fenix 8|999
Hublot|Big Bang Unico|21000
Richard Mille|RM 011|185000
Timex|Marlin Automatic|279
`,
  fashion: `
Supreme|Box Logo Hoodie|650|clothing
Supreme|Box Logo Tee|180|clothing
Stüssy|Basic Hoodie|140|clothing
Essentials|Fear of God Hoodie|110|clothing
Essentials|Sweatpants|95|clothing
Off-White|Arrows Tee|390|clothing
Balenciaga|Triple S Trainer|1150|shoe
Gucci|GG Marmont Bag|2500
Louis Vuitton|Keepall 55|2300
Louis Vuitton|Pochette Métis|3100
Prada|Re-Nylon Backpack|1900
Moncler|Maya Down Jacket|1750|clothing
Canada Goose|Expedition Parka|1450|clothing
The North Face|1996 Nuptse Jacket|330|clothing
Stone Island|Crewneck Sweatshirt|290|clothing
Palm Angels|Track Jacket|540|clothing
Ray-Ban|Wayfarer Classic|170
Carhartt WIP|Detroit Jacket|240|clothing
Arc'teryx|Beta LT Jacket|450|clothing
Ralph Lauren|Polo Shirt|110|clothing
Levi's|501 Original Jeans|98|clothing
Chrome Hearts|Cross Ring|900
Goyard|Saint Louis Tote|2200
Hermès|Birkin 30 Togo|28000
Tommy Hilfiger|Cap|40
Nike|Tech Fleece Set|210|clothing
New Era|59FIFTY Cap|45
`,
  gaming: `
Sony|PlayStation 5 Pro|749
Sony|PlayStation 5 Slim|499
Sony|DualSense Edge|199
Sony|PlayStation Portal|199
Microsoft|Xbox Series X|499
Microsoft|Xbox Series S|299
Microsoft|Xbox Elite Controller 2|179
Nintendo|Switch OLED|349
Nintendo|Switch Pro Controller|69
Valve|Steam Deck OLED 1TB|649
Meta|Quest 3 512GB|499
ASUS|ROG Ally X|799
Razer|BlackShark V2 Pro|199
Razer|Huntsman V3 Pro|249
Logitech|G Pro X Superlight 2|159
SteelSeries|Arctis Nova Pro|349
NVIDIA|GeForce RTX 5090|1999
NVIDIA|GeForce RTX 5070|549
AMD|Ryzen 7 9800X3D|479
Alienware|34" QD-OLED Monitor|899
Secretlab|Titan Evo Chair|549
Elgato|Stream Deck MK.2|149
HyperX|Cloud III|99
Corsair|K70 RGB Pro|169
Razer|Kishi V2|99
8BitDo|Ultimate Controller|69
Nintendo|Amiibo Link|16
`,
  'gift-cards': `
Steam|Gift Card 5|5
Steam|Gift Card 20|20
Steam|Gift Card 50|50
Steam|Gift Card 100|100
PlayStation|Store Card 10|10
PlayStation|Store Card 50|50
Xbox|Gift Card 25|25
Xbox|Game Pass Ultimate 3 Months|50
Nintendo|eShop Card 15|15
Nintendo|eShop Card 50|50
Amazon|Gift Card 10|10
Amazon|Gift Card 100|100
Amazon|Gift Card 500|500
Apple|Gift Card 25|25
Apple|Gift Card 100|100
Google Play|Gift Card 15|15
Google Play|Gift Card 50|50
Netflix|Gift Card 30|30
Spotify|Premium 12 Months|120
Uber|Gift Card 25|25
Airbnb|Gift Card 200|200
Roblox|Gift Card 10|10
Roblox|Gift Card 50|50
Fortnite|V-Bucks 2800|23
Valorant|Points 5000|50
Zalando|Gift Card 75|75
IKEA|Gift Card 250|250
`,
};

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The name a player reads: the brand, then the model, unless the model already says the brand
 * ("Apple Watch Ultra 2", "Santos de Cartier"), which would read "Apple Apple Watch Ultra 2".
 */
export function itemName(brand: string, model: string): string {
  const said = new RegExp(`(^|\\s)${brand.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`, 'i');
  return said.test(model) ? model : `${brand} ${model}`;
}

export const catalogItems: CatalogItem[] = (Object.keys(raw) as Category[]).flatMap((category) =>
  raw[category]
    .trim()
    .split('\n')
    .map((line) => {
      const [brand, name, price, size] = line.split('|') as [string, string, string, SizeKind | undefined];
      return { slug: slugify(`${brand} ${name}`), brand, name: itemName(brand, name), category, price: Number(price), sizeKind: size ?? SIZED_CATEGORIES[category] ?? null };
    }),
);
