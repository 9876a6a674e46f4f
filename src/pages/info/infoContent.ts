// The texts of the information and legal pages. Plain data so the page component stays one layout.
export interface InfoSection {
  heading: string;
  paragraphs: readonly string[];
}

export interface InfoContent {
  title: string;
  intro: string;
  sections: readonly InfoSection[];
}

export const INFO_PAGES: Readonly<Record<string, InfoContent>> = {
  contacts: {
    title: 'Contacts',
    intro: 'We answer every message. Most questions are solved within a few hours.',
    sections: [
      { heading: 'Support', paragraphs: ['Signed-in players reach us fastest through a support ticket in Profile → Support: the ticket keeps your order and item details in one place.', 'Email: support@openmysteryboxes.example — please include the email address of your account.'] },
      { heading: 'Partnerships and press', paragraphs: ['For streamers, creators and business enquiries write to partners@openmysteryboxes.example.'] },
      { heading: 'Hours', paragraphs: ['Support works every day from 08:00 to 24:00 CET. Tickets sent at night are answered first thing in the morning.'] },
    ],
  },
  faq: {
    title: 'FAQ',
    intro: 'Short answers to the questions players ask most.',
    sections: [
      { heading: 'Are the products real?', paragraphs: ['Yes. Every item in a box is a genuine, new product from the named brand, bought from authorised sellers and shipped to you.'] },
      { heading: 'How do I know a result is fair?', paragraphs: ['Every opening and game round is provably fair: it is computed from a server seed (its hash is shown before you play), your client seed and a nonce. After the round you can check the result yourself on the Provably fair page.'] },
      { heading: 'How do deposits work?', paragraphs: ['Add coins by card, gift card, crypto or skins from the deposit window. The minimum card deposit is 5 coins. Promo codes add a bonus on top.'] },
      { heading: 'What can I do with an item I won?', paragraphs: ['It goes to your inventory. You can sell it back for coins instantly or request delivery to your address from Profile → Delivery.'] },
      { heading: 'How long does delivery take?', paragraphs: ['Most orders ship within 3 working days; tracking details appear in Profile → Shipping as soon as the parcel leaves the warehouse.'] },
      { heading: 'What is cashback?', paragraphs: ['Part of what you play returns to you as cashback. It is credited daily at 21:00 local time; the countdown in the side panel shows how long is left.'] },
    ],
  },
  'how-it-works': {
    title: 'How it works',
    intro: 'From your first deposit to a parcel at your door in four steps.',
    sections: [
      { heading: '1. Add coins', paragraphs: ['Create an account and deposit by card, gift card, crypto or skins. Coins are shown with two decimals and are used everywhere on the site.'] },
      { heading: '2. Choose a box or a game', paragraphs: ['Every box lists all its items and the chance of each. Prefer company? Start a box battle. Feeling lucky? Try crash, the Crazy Wheel, plinko or dice.'] },
      { heading: '3. Open and win', paragraphs: ['The result is decided on our server from seeds you can verify later. The item you win lands in your inventory at once.'] },
      { heading: '4. Ship it or sell it', paragraphs: ['Request delivery of the real product, or sell it back for coins and play on. Upgrade lets you trade an item for a chance at a more valuable one.'] },
    ],
  },
  'terms-of-service': {
    title: 'Terms of service',
    intro: 'These terms apply to everyone who uses Open Mystery Boxes. By creating an account you accept them.',
    sections: [
      { heading: 'Eligibility', paragraphs: ['You must be at least 18 years old and allowed to take part in games of chance where you live. One account per person.'] },
      { heading: 'Coins', paragraphs: ['Coins are a credit for use on this site only. They are not a currency, earn no interest and cannot be transferred to other players except where a feature says so.'] },
      { heading: 'Boxes and games', paragraphs: ['The chances of every item and every game outcome are published before you play. Results are final once shown; they can be verified with the provably fair data of the round.'] },
      { heading: 'Delivery', paragraphs: ['Items are shipped to the address you give. You are responsible for a correct address; returned parcels are credited back as coins at the item’s sale value.'] },
      { heading: 'Closing an account', paragraphs: ['You may close your account at any time through support. We may suspend accounts that break these terms, use several accounts or take part in fraud or money laundering.'] },
    ],
  },
  'privacy-statement': {
    title: 'Privacy statement',
    intro: 'We collect only what we need to run your account, deliver your items and meet our legal duties.',
    sections: [
      { heading: 'What we store', paragraphs: ['Your name, email address, password hash, delivery addresses, your deposits, openings and game rounds, and technical data such as IP address and device type.'] },
      { heading: 'Why', paragraphs: ['To provide the service, ship your items, prevent fraud, meet anti-money-laundering law, and — only with your consent — send you offers.'] },
      { heading: 'Sharing', paragraphs: ['Payment providers receive what a payment needs; carriers receive your delivery address. We never sell personal data.'] },
      { heading: 'Your rights', paragraphs: ['You may ask for a copy of your data, its correction or its deletion where the law allows, by writing to privacy@openmysteryboxes.example.'] },
    ],
  },
  'cookie-policy': {
    title: 'Cookie policy',
    intro: 'We use a small number of cookies, all set by this site itself.',
    sections: [
      { heading: 'Necessary cookies', paragraphs: ['token and refresh_token keep you signed in; they expire when your session does. locale remembers the language for 365 days.'] },
      { heading: 'Referral cookie', paragraphs: ['trackingLink remembers which partner link brought you here; it expires at the end of the day.'] },
      { heading: 'Managing cookies', paragraphs: ['You can delete cookies in your browser at any time. Without the necessary cookies you cannot stay signed in.'] },
    ],
  },
  'aml-policy': {
    title: 'Aml policy',
    intro: 'We do not tolerate money laundering or terrorist financing and follow the applicable anti-money-laundering rules.',
    sections: [
      { heading: 'Know your customer', paragraphs: ['We may ask for proof of identity, address and source of funds before a deposit, withdrawal or delivery, especially for large or unusual amounts.'] },
      { heading: 'Monitoring', paragraphs: ['Deposits, plays and withdrawals are monitored for patterns such as depositing and withdrawing without playing, or many accounts sharing one payment method.'] },
      { heading: 'Reporting', paragraphs: ['Suspicious activity is reported to the competent authorities. Affected accounts may be frozen while a review takes place.'] },
    ],
  },
  partnership: {
    title: 'Partnership',
    intro: 'Streamers, creators and websites earn with us by bringing new players.',
    sections: [
      { heading: 'Affiliate programme', paragraphs: ['Every account has a personal referral link in Profile → Affiliates. Players who sign up through it are yours, and you earn a share of what they play.'] },
      { heading: 'Creators', paragraphs: ['We offer custom boxes with your branding, promo codes for your audience and a balance for on-stream openings.'] },
      { heading: 'Get in touch', paragraphs: ['Write to partners@openmysteryboxes.example with a link to your channel or website and your audience size.'] },
    ],
  },
};
