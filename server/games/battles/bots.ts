// The house's battle bots: a fixed cast, each with a generated avatar. A bot's seat is paid by the
// house, which keeps whatever the bot wins (docs/battles.md).

export interface Bot {
  id: number;
  name: string;
  hue: number;
}

export const BOTS: readonly Bot[] = [
  { id: 1, name: 'Bolt', hue: 200 },
  { id: 2, name: 'Cog', hue: 28 },
  { id: 3, name: 'Pixel', hue: 300 },
  { id: 4, name: 'Sprocket', hue: 140 },
  { id: 5, name: 'Widget', hue: 48 },
  { id: 6, name: 'Servo', hue: 0 },
];

export const botAvatarUrl = (id: number) => `/api/battles/bots/${id}.svg`;

export function botById(id: number): Bot | undefined {
  return BOTS.find((b) => b.id === id);
}

export function botWire(bot: Bot) {
  return { id: bot.id, name: `${bot.name} (bot)`, avatar_url: botAvatarUrl(bot.id) };
}

/** A round robot face in the bot's hue. */
export function botAvatarSvg(bot: Bot): string {
  const c = `hsl(${bot.hue} 85% 58%)`;
  const d = `hsl(${bot.hue} 70% 30%)`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
<rect width="64" height="64" rx="32" fill="${d}"/>
<line x1="32" y1="8" x2="32" y2="16" stroke="${c}" stroke-width="3"/><circle cx="32" cy="7" r="3" fill="${c}"/>
<rect x="14" y="16" width="36" height="32" rx="9" fill="${c}"/>
<circle cx="25" cy="30" r="5" fill="#0b0d1c"/><circle cx="39" cy="30" r="5" fill="#0b0d1c"/>
<circle cx="26" cy="29" r="1.6" fill="#fff"/><circle cx="40" cy="29" r="1.6" fill="#fff"/>
<rect x="24" y="39" width="16" height="3" rx="1.5" fill="#0b0d1c"/>
</svg>`;
}
