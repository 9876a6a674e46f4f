import type { ProductKind } from './productShapes.ts';

// Which silhouette an item gets: the first rule of its category whose words appear in the brand and
// name, else the category's usual product. Keyword rules keep a hoodie from looking like a bag
// without storing a kind per item.

const RULES: Record<string, [RegExp, ProductKind][]> = {
  sneakers: [
    [/clog/i, 'clog'],
    [/\b(high|mid|chuck 70)\b/i, 'sneakerHigh'],
  ],
  tech: [
    [/airpods max|wh-1000|quietcomfort/i, 'headphones'],
    [/airpods|buds|wf-1000/i, 'earbuds'],
    [/macbook/i, 'laptop'],
    [/ipad/i, 'tablet'],
    [/watch/i, 'smartwatch'],
    [/airtag/i, 'smallTag'],
    [/drone/i, 'drone'],
    [/osmo|gopro|hero/i, 'camera'],
    [/flip|emberton|speaker/i, 'speaker'],
    [/power bank|charger|cable/i, 'charger'],
    [/mx master|mouse/i, 'mouse'],
    [/kindle|paperwhite/i, 'ereader'],
    [/dryer|dyson/i, 'dryer'],
  ],
  watches: [
    [/royal oak|nautilus|big bang|rm 011|prx|santos/i, 'watchOctagon'],
    [/g-shock|f-91w|a168|fenix/i, 'watchDigital'],
  ],
  fashion: [
    [/hoodie|sweatshirt|fleece/i, 'hoodie'],
    [/tee|polo/i, 'tee'],
    [/jacket|parka|nuptse/i, 'jacket'],
    [/sweatpants|jeans/i, 'pants'],
    [/keepall/i, 'duffel'],
    [/backpack/i, 'backpack'],
    [/bag|tote|birkin|pochette/i, 'bag'],
    [/\bcap\b/i, 'cap'],
    [/wayfarer|ray-ban/i, 'sunglasses'],
    [/ring/i, 'ring'],
    [/trainer/i, 'sneakerLow'],
  ],
  gaming: [
    [/series s\b/i, 'consoleBox'],
    [/playstation 5|series x/i, 'consoleTower'],
    [/switch oled|steam deck|portal|rog ally|kishi/i, 'handheld'],
    [/controller|dualsense/i, 'controller'],
    [/blackshark|arctis|cloud iii|headset/i, 'headphones'],
    [/huntsman|k70|keyboard/i, 'keyboard'],
    [/superlight|mouse/i, 'mouse'],
    [/rtx|geforce/i, 'gpu'],
    [/ryzen/i, 'cpu'],
    [/monitor/i, 'monitor'],
    [/chair/i, 'chair'],
    [/quest/i, 'vrHeadset'],
    [/stream deck/i, 'streamDeck'],
    [/amiibo/i, 'figure'],
  ],
};

const USUAL: Record<string, ProductKind> = {
  sneakers: 'sneakerLow',
  tech: 'phone',
  watches: 'watchRound',
  fashion: 'hoodie',
  gaming: 'controller',
  'gift-cards': 'giftCard',
};

export function productKind(item: { category: string; brand: string; name: string }): ProductKind {
  const text = `${item.brand} ${item.name}`;
  const rule = (RULES[item.category] ?? []).find(([words]) => words.test(text));
  return rule ? rule[1] : (USUAL[item.category] ?? 'giftCard');
}
