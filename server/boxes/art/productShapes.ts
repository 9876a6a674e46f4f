import type { Palette } from './palette.ts';

// Stylised product silhouettes, one per kind of product, drawn in a 256×256 box around the
// centre. A shape gets the item's colourway and a small variant number (detail variation between
// items of the same kind).

export type Shape = (p: Palette, variant: number, label: string) => string;

const stroke = (p: Palette, w = 5) => `stroke="${p.dark}" stroke-width="${w}" stroke-linejoin="round"`;

const sneakerLow: Shape = (p, v) => `
  <path d="M28 168 C28 138 50 120 78 116 L110 94 C120 86 134 88 140 98 L150 112 C172 128 202 130 222 138 C238 146 240 160 238 172 L238 180 L28 180 Z" fill="${p.main}" ${stroke(p)}/>
  <path d="M28 176 H238 V192 C238 198 234 202 228 202 H38 C32 202 28 198 28 192 Z" fill="${v % 2 ? '#f4f4f8' : p.light}" ${stroke(p, 3)}/>
  <path d="M98 112 L150 148 M112 102 L164 140 M126 96 L178 134" stroke="${p.light}" stroke-width="5" stroke-linecap="round"/>
  <path d="M62 154 C104 140 150 152 204 160" stroke="${p.accent}" stroke-width="9" fill="none" stroke-linecap="round"/>`;

const sneakerHigh: Shape = (p, v) => `
  <path d="M56 172 L60 52 C60 44 66 40 74 40 L122 40 C130 40 134 46 134 54 L136 112 C160 128 196 130 220 140 C236 146 238 160 236 172 L236 180 L56 180 Z" fill="${p.main}" ${stroke(p)}/>
  <path d="M56 176 H236 V192 C236 198 232 202 226 202 H64 C60 202 56 198 56 192 Z" fill="${v % 2 ? '#f4f4f8' : p.light}" ${stroke(p, 3)}/>
  <path d="M60 60 H132 M60 96 C90 110 110 104 134 96" stroke="${p.light}" stroke-width="8" fill="none"/>
  <path d="M112 64 L150 130 M104 80 L162 134" stroke="${p.light}" stroke-width="5" stroke-linecap="round"/>
  <path d="M84 150 C120 130 170 146 214 160" stroke="${p.accent}" stroke-width="10" fill="none" stroke-linecap="round"/>`;

const clog: Shape = (p) => `
  <path d="M40 170 C40 120 80 96 140 96 C200 96 232 128 232 164 L232 188 L40 188 Z" fill="${p.main}" ${stroke(p)}/>
  <path d="M84 104 C70 70 130 60 150 98" fill="none" stroke="${p.dark}" stroke-width="10"/>
  ${[0, 1, 2, 3, 4].map((i) => `<circle cx="${128 + i * 18}" cy="${124 + (i % 2) * 14}" r="5" fill="${p.dark}"/>`).join('')}
  <rect x="40" y="180" width="192" height="14" rx="6" fill="${p.dark}"/>`;

const phone: Shape = (p, v) => `
  <rect x="80" y="28" width="96" height="200" rx="22" fill="${p.dark}" stroke="${p.light}" stroke-width="4"/>
  <rect x="88" y="38" width="80" height="180" rx="14" fill="url(#screen)"/>
  <rect x="112" y="44" width="32" height="9" rx="4.5" fill="${p.dark}"/>
  <path d="M92 200 L166 70" stroke="#fff" stroke-width="16" opacity=".12"/>
  ${v % 2 ? `<circle cx="128" cy="128" r="18" fill="${p.accent}" opacity=".8"/>` : `<rect x="104" y="150" width="48" height="8" rx="4" fill="${p.light}" opacity=".7"/>`}`;

const tablet: Shape = (p) => `
  <rect x="46" y="40" width="164" height="184" rx="16" fill="${p.dark}" stroke="${p.light}" stroke-width="4"/>
  <rect x="56" y="50" width="144" height="164" rx="8" fill="url(#screen)"/>
  <path d="M70 200 L180 70" stroke="#fff" stroke-width="22" opacity=".1"/>`;

const laptop: Shape = (p) => `
  <rect x="48" y="56" width="160" height="108" rx="10" fill="${p.dark}" stroke="${p.light}" stroke-width="4"/>
  <rect x="58" y="66" width="140" height="88" rx="4" fill="url(#screen)"/>
  <path d="M24 170 H232 L220 192 H36 Z" fill="${p.light}" ${stroke(p, 3)}/>
  <rect x="108" y="170" width="40" height="6" rx="3" fill="${p.dark}"/>`;

const headphones: Shape = (p) => `
  <path d="M62 150 C62 76 94 44 128 44 C162 44 194 76 194 150" fill="none" stroke="${p.dark}" stroke-width="18" stroke-linecap="round"/>
  <path d="M62 150 C62 76 94 44 128 44 C162 44 194 76 194 150" fill="none" stroke="${p.light}" stroke-width="6" stroke-linecap="round" opacity=".6"/>
  <rect x="38" y="128" width="50" height="84" rx="22" fill="${p.main}" ${stroke(p)}/>
  <rect x="168" y="128" width="50" height="84" rx="22" fill="${p.main}" ${stroke(p)}/>
  <rect x="50" y="146" width="14" height="48" rx="7" fill="${p.accent}"/><rect x="192" y="146" width="14" height="48" rx="7" fill="${p.accent}"/>`;

const earbuds: Shape = (p) => `
  <rect x="64" y="104" width="128" height="104" rx="40" fill="${p.light}" ${stroke(p, 4)}/>
  <path d="M64 142 H192" stroke="${p.dark}" stroke-width="3"/>
  <circle cx="128" cy="170" r="5" fill="${p.accent}"/>
  <path d="M90 40 C70 40 70 76 90 76 L98 76 L98 116" fill="${p.main}" stroke="${p.dark}" stroke-width="8" stroke-linecap="round"/>
  <path d="M166 40 C186 40 186 76 166 76 L158 76 L158 116" fill="${p.main}" stroke="${p.dark}" stroke-width="8" stroke-linecap="round"/>`;

const speaker: Shape = (p) => `
  <rect x="30" y="84" width="196" height="96" rx="44" fill="${p.main}" ${stroke(p)}/>
  <circle cx="80" cy="132" r="30" fill="${p.dark}"/><circle cx="176" cy="132" r="30" fill="${p.dark}"/>
  <circle cx="80" cy="132" r="12" fill="${p.accent}"/><circle cx="176" cy="132" r="12" fill="${p.accent}"/>
  <rect x="110" y="96" width="36" height="10" rx="5" fill="${p.light}"/>`;

const drone: Shape = (p) => `
  <path d="M60 80 L196 176 M196 80 L60 176" stroke="${p.dark}" stroke-width="12" stroke-linecap="round"/>
  ${[[60, 80], [196, 80], [60, 176], [196, 176]].map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="40" ry="8" fill="${p.light}" opacity=".8"/><circle cx="${x}" cy="${y}" r="8" fill="${p.dark}"/>`).join('')}
  <rect x="96" y="104" width="64" height="48" rx="16" fill="${p.main}" ${stroke(p)}/>
  <circle cx="128" cy="150" r="10" fill="${p.accent}" ${stroke(p, 3)}/>`;

const camera: Shape = (p) => `
  <rect x="40" y="80" width="176" height="120" rx="18" fill="${p.main}" ${stroke(p)}/>
  <rect x="60" y="64" width="44" height="20" rx="6" fill="${p.dark}"/>
  <circle cx="136" cy="140" r="42" fill="${p.dark}"/><circle cx="136" cy="140" r="26" fill="url(#screen)"/>
  <circle cx="190" cy="100" r="7" fill="${p.accent}"/>`;

const charger: Shape = (p) => `
  <rect x="52" y="60" width="152" height="136" rx="24" fill="${p.light}" ${stroke(p)}/>
  <circle cx="128" cy="128" r="40" fill="none" stroke="${p.main}" stroke-width="10"/>
  <path d="M134 96 L112 134 H130 L122 162 L148 120 H130 Z" fill="${p.accent}"/>
  <path d="M128 196 C128 220 170 222 200 226" stroke="${p.dark}" stroke-width="8" fill="none" stroke-linecap="round"/>`;

const mouse: Shape = (p) => `
  <path d="M128 40 C178 40 196 90 196 140 C196 196 166 222 128 222 C90 222 60 196 60 140 C60 90 78 40 128 40 Z" fill="${p.main}" ${stroke(p)}/>
  <path d="M128 40 V110 M62 112 H194" stroke="${p.dark}" stroke-width="4"/>
  <rect x="120" y="64" width="16" height="28" rx="8" fill="${p.accent}"/>`;

const smallTag: Shape = (p) => `
  <circle cx="128" cy="136" r="70" fill="#f4f4f8" ${stroke(p)}/>
  <circle cx="128" cy="136" r="48" fill="${p.light}"/>
  <path d="M128 58 V40" stroke="${p.main}" stroke-width="12" stroke-linecap="round"/>
  <circle cx="128" cy="136" r="14" fill="${p.accent}"/>`;

const ereader: Shape = (p) => `
  <rect x="60" y="30" width="136" height="196" rx="14" fill="${p.dark}" stroke="${p.light}" stroke-width="4"/>
  <rect x="72" y="44" width="112" height="160" rx="4" fill="#eceee6"/>
  ${[0, 1, 2, 3, 4, 5, 6].map((i) => `<rect x="84" y="${60 + i * 18}" width="${88 - (i % 3) * 14}" height="6" rx="3" fill="#9aa0a6"/>`).join('')}`;

const dryer: Shape = (p) => `
  <circle cx="110" cy="100" r="64" fill="${p.main}" ${stroke(p)}/>
  <circle cx="110" cy="100" r="30" fill="${p.dark}"/><circle cx="110" cy="100" r="14" fill="${p.accent}"/>
  <rect x="140" y="120" width="40" height="104" rx="18" fill="${p.light}" ${stroke(p)}/>`;

function watchFace(p: Palette, v: number, dial: string): string {
  const face = v % 2 ? '#10131f' : p.main;
  const ticks = Array.from({ length: 12 }, (_, i) => `<rect x="126" y="84" width="4" height="${i % 3 ? 8 : 14}" fill="${p.light}" transform="rotate(${i * 30} 128 128)"/>`).join('');
  return `<rect x="98" y="14" width="60" height="76" rx="12" fill="${p.dark}"/>
  <rect x="98" y="166" width="60" height="76" rx="12" fill="${p.dark}"/>
  ${dial}
  <circle cx="128" cy="128" r="44" fill="${face}"/>
  ${ticks}
  <path d="M128 128 L128 94 M128 128 L152 140" stroke="${p.accent}" stroke-width="5" stroke-linecap="round"/>
  <circle cx="128" cy="128" r="5" fill="${p.light}"/>
  <rect x="190" y="118" width="12" height="20" rx="3" fill="${p.light}"/>`;
}

const watchRound: Shape = (p, v) => watchFace(p, v, `<circle cx="128" cy="128" r="62" fill="${p.light}" stroke="${p.main}" stroke-width="10"/>`);

const watchOctagon: Shape = (p, v) =>
  watchFace(p, v, `<path d="M104 64 H152 L192 104 V152 L152 192 H104 L64 152 V104 Z" fill="${p.light}" stroke="${p.main}" stroke-width="8"/>
  ${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<circle cx="128" cy="72" r="4" fill="${p.dark}" transform="rotate(${i * 45 + 22.5} 128 128)"/>`).join('')}`);

const watchDigital: Shape = (p) => `
  <rect x="96" y="14" width="64" height="76" rx="10" fill="${p.dark}"/>
  <rect x="96" y="166" width="64" height="76" rx="10" fill="${p.dark}"/>
  <rect x="62" y="70" width="132" height="116" rx="28" fill="${p.main}" ${stroke(p)}/>
  <rect x="82" y="96" width="92" height="60" rx="8" fill="#c9d6b8"/>
  <text x="128" y="138" text-anchor="middle" font-family="monospace" font-weight="700" font-size="30" fill="#1d2418">12:45</text>
  <circle cx="70" cy="100" r="6" fill="${p.accent}"/><circle cx="186" cy="156" r="6" fill="${p.accent}"/>`;

const smartwatch: Shape = (p) => `
  <rect x="96" y="14" width="64" height="76" rx="10" fill="${p.accent}"/>
  <rect x="96" y="166" width="64" height="76" rx="10" fill="${p.accent}"/>
  <rect x="68" y="62" width="120" height="132" rx="32" fill="${p.main}" ${stroke(p)}/>
  <rect x="80" y="74" width="96" height="108" rx="24" fill="url(#screen)"/>
  <circle cx="128" cy="128" r="24" fill="none" stroke="${p.accent}" stroke-width="8" stroke-dasharray="100 60"/>`;

const hoodie: Shape = (p) => `
  <path d="M92 44 L56 58 L20 116 L50 138 L70 112 L70 222 H186 V112 L206 138 L236 116 L200 58 L164 44 C160 80 96 80 92 44 Z" fill="${p.main}" ${stroke(p)}/>
  <path d="M92 44 C96 10 160 10 164 44 C156 70 100 70 92 44 Z" fill="${p.dark}"/>
  <path d="M116 74 V104 M140 74 V104" stroke="${p.light}" stroke-width="4" stroke-linecap="round"/>
  <path d="M92 170 H164 L156 204 H100 Z" fill="${p.dark}" opacity=".35"/>
  <rect x="98" y="124" width="60" height="24" rx="3" fill="${p.accent}"/>`;

const tee: Shape = (p) => `
  <path d="M92 44 L56 58 L22 96 L52 124 L72 108 L72 220 H184 V108 L204 124 L234 96 L200 58 L164 44 C158 64 98 64 92 44 Z" fill="${p.main}" ${stroke(p)}/>
  <path d="M98 48 C106 72 150 72 158 48" fill="none" stroke="${p.dark}" stroke-width="6"/>
  <path d="M104 132 L128 108 L152 132 M116 132 V158 M140 132 V158" stroke="${p.accent}" stroke-width="8" fill="none" stroke-linecap="round"/>`;

const jacket: Shape = (p) => `
  <path d="M90 38 L52 54 L20 150 L54 160 L70 118 L70 222 H186 V118 L202 160 L236 150 L204 54 L166 38 L128 60 Z" fill="${p.main}" ${stroke(p)}/>
  ${[80, 110, 140, 170].map((y) => `<path d="M72 ${y} H184" stroke="${p.dark}" stroke-width="3" opacity=".5"/>`).join('')}
  <path d="M128 60 V222" stroke="${p.light}" stroke-width="5"/>
  <path d="M90 38 L128 60 L166 38 L150 28 H106 Z" fill="${p.dark}"/>
  <rect x="150" y="96" width="22" height="14" rx="3" fill="${p.accent}"/>`;

const pants: Shape = (p) => `
  <path d="M74 34 H182 L200 226 H142 L128 102 L114 226 H56 Z" fill="${p.main}" ${stroke(p)}/>
  <rect x="74" y="34" width="108" height="18" fill="${p.dark}"/>
  <path d="M86 64 C96 78 112 78 116 64 M170 64 C160 78 144 78 140 64" stroke="${p.light}" stroke-width="4" fill="none"/>`;

const bag: Shape = (p) => `
  <path d="M88 96 C88 40 168 40 168 96" fill="none" stroke="${p.dark}" stroke-width="12"/>
  <path d="M44 96 H212 L198 222 H58 Z" fill="${p.main}" ${stroke(p)}/>
  <path d="M50 140 H206" stroke="${p.dark}" stroke-width="4" opacity=".6"/>
  <rect x="110" y="124" width="36" height="30" rx="6" fill="${p.accent}" ${stroke(p, 3)}/>`;

const duffel: Shape = (p) => `
  <path d="M90 104 C90 60 166 60 166 104" fill="none" stroke="${p.dark}" stroke-width="10"/>
  <rect x="24" y="96" width="208" height="110" rx="50" fill="${p.main}" ${stroke(p)}/>
  <path d="M44 120 H212" stroke="${p.light}" stroke-width="5" stroke-dasharray="10 8"/>
  ${[0, 1, 2].map((i) => `<path d="M${70 + i * 50} 150 l10 -10 l10 10 l-10 10 z" fill="${p.accent}"/>`).join('')}`;

const backpack: Shape = (p) => `
  <path d="M104 48 C104 28 152 28 152 48" fill="none" stroke="${p.dark}" stroke-width="10"/>
  <rect x="62" y="44" width="132" height="180" rx="40" fill="${p.main}" ${stroke(p)}/>
  <rect x="84" y="130" width="88" height="70" rx="16" fill="${p.dark}" opacity=".5"/>
  <path d="M118 106 L128 92 L138 106 Z" fill="${p.accent}"/>`;

const cap: Shape = (p) => `
  <path d="M44 150 C44 80 84 54 128 54 C172 54 212 80 212 150 Z" fill="${p.main}" ${stroke(p)}/>
  <path d="M120 150 C170 150 230 156 240 180 C200 190 140 176 120 164 Z" fill="${p.dark}"/>
  <circle cx="128" cy="56" r="8" fill="${p.dark}"/>
  <rect x="92" y="96" width="56" height="28" rx="4" fill="${p.accent}"/>`;

const sunglasses: Shape = (p) => `
  <path d="M24 104 H232" stroke="${p.dark}" stroke-width="10" stroke-linecap="round"/>
  <path d="M32 104 H118 L110 160 C106 176 50 176 42 160 Z" fill="url(#screen)" ${stroke(p, 8)}/>
  <path d="M138 104 H224 L214 160 C206 176 150 176 146 160 Z" fill="url(#screen)" ${stroke(p, 8)}/>
  <path d="M118 112 C124 104 132 104 138 112" stroke="${p.dark}" stroke-width="8" fill="none"/>`;

const ring: Shape = (p) => `
  <ellipse cx="128" cy="150" rx="70" ry="62" fill="none" stroke="${p.light}" stroke-width="18"/>
  <ellipse cx="128" cy="150" rx="70" ry="62" fill="none" stroke="${p.dark}" stroke-width="3"/>
  <path d="M128 54 V114 M100 80 H156" stroke="${p.light}" stroke-width="18" stroke-linecap="round"/>`;

const consoleTower: Shape = (p, v) => `
  <path d="M${v % 2 ? 96 : 88} 28 C80 28 76 36 76 44 V212 C76 222 84 228 92 228 H164 C172 228 180 222 180 212 V44 C180 36 176 28 168 28 Z" fill="${v % 2 ? p.dark : '#f4f4f8'}" ${stroke(p)}/>
  <path d="M112 28 V228 M144 28 V228" stroke="${p.dark}" stroke-width="5"/>
  <rect x="116" y="40" width="24" height="176" fill="${v % 2 ? p.main : p.dark}"/>
  <circle cx="128" cy="64" r="7" fill="${p.accent}"/>`;

const consoleBox: Shape = (p) => `
  <rect x="48" y="56" width="160" height="156" rx="12" fill="#f4f4f8" ${stroke(p)}/>
  <circle cx="150" cy="120" r="32" fill="${p.dark}"/>
  ${[0, 1, 2, 3].map((i) => `<circle cx="150" cy="120" r="${8 + i * 6}" fill="none" stroke="${p.main}" stroke-width="2"/>`).join('')}
  <circle cx="72" cy="80" r="6" fill="${p.accent}"/>`;

const controller: Shape = (p) => `
  <path d="M60 86 L196 86 C228 86 246 126 246 166 C246 200 222 210 206 194 L180 166 L76 166 L50 194 C34 210 10 200 10 166 C10 126 28 86 60 86 Z" fill="${p.main}" ${stroke(p)}/>
  <path d="M60 112 V146 M43 129 H77" stroke="${p.light}" stroke-width="10" stroke-linecap="round"/>
  <circle cx="188" cy="112" r="9" fill="${p.accent}"/><circle cx="208" cy="130" r="9" fill="${p.light}"/>
  <circle cx="168" cy="130" r="9" fill="${p.light}"/><circle cx="188" cy="148" r="9" fill="${p.accent}"/>
  <circle cx="102" cy="148" r="13" fill="${p.dark}"/><circle cx="154" cy="148" r="13" fill="${p.dark}"/>`;

const handheld: Shape = (p) => `
  <rect x="14" y="70" width="228" height="116" rx="36" fill="${p.dark}" ${stroke(p)}/>
  <rect x="14" y="70" width="48" height="116" rx="24" fill="${p.main}"/>
  <rect x="194" y="70" width="48" height="116" rx="24" fill="${p.accent}"/>
  <rect x="70" y="82" width="116" height="92" rx="8" fill="url(#screen)"/>
  <circle cx="38" cy="110" r="9" fill="${p.dark}"/><circle cx="218" cy="150" r="9" fill="${p.dark}"/>`;

const keyboard: Shape = (p) => `
  <rect x="14" y="82" width="228" height="100" rx="12" fill="${p.dark}" ${stroke(p)}/>
  ${Array.from({ length: 30 }, (_, i) => `<rect x="${26 + (i % 10) * 21}" y="${94 + Math.floor(i / 10) * 24}" width="17" height="18" rx="3" fill="hsl(${(i * 12) % 360} 80% 62%)"/>`).join('')}
  <rect x="70" y="166" width="116" height="10" rx="3" fill="${p.light}"/>`;

const gpu: Shape = (p) => `
  <rect x="16" y="76" width="224" height="104" rx="12" fill="${p.dark}" ${stroke(p)}/>
  ${[74, 182].map((x) => `<circle cx="${x}" cy="128" r="42" fill="#101320"/><circle cx="${x}" cy="128" r="14" fill="${p.main}"/>${[0, 1, 2, 3, 4, 5].map((k) => `<path d="M${x} 128 L${x} 90" stroke="${p.light}" stroke-width="6" opacity=".5" transform="rotate(${k * 60} ${x} 128)"/>`).join('')}`).join('')}
  <rect x="24" y="180" width="160" height="14" fill="${p.accent}"/>`;

const cpu: Shape = (p) => `
  <rect x="56" y="56" width="144" height="144" rx="10" fill="#2a7d3f" ${stroke(p)}/>
  <rect x="80" y="80" width="96" height="96" rx="6" fill="#c9ccd6" stroke="${p.dark}" stroke-width="3"/>
  <text x="128" y="138" text-anchor="middle" font-family="sans-serif" font-weight="900" font-size="28" fill="${p.dark}">${'X3D'}</text>
  ${Array.from({ length: 8 }, (_, i) => `<rect x="${66 + i * 16}" y="46" width="6" height="10" fill="#d9b24a"/><rect x="${66 + i * 16}" y="200" width="6" height="10" fill="#d9b24a"/>`).join('')}`;

const monitor: Shape = (p) => `
  <path d="M12 60 Q128 40 244 60 V168 Q128 150 12 168 Z" fill="${p.dark}" ${stroke(p)}/>
  <path d="M22 68 Q128 50 234 68 V158 Q128 142 22 158 Z" fill="url(#screen)"/>
  <rect x="116" y="166" width="24" height="36" fill="${p.main}"/><rect x="84" y="200" width="88" height="12" rx="6" fill="${p.main}"/>`;

const chair: Shape = (p) => `
  <path d="M88 24 H168 C176 24 180 30 180 38 L172 150 H84 L76 38 C76 30 80 24 88 24 Z" fill="${p.main}" ${stroke(p)}/>
  <path d="M108 40 H148 L144 140 H112 Z" fill="${p.dark}" opacity=".5"/>
  <rect x="64" y="146" width="128" height="28" rx="10" fill="${p.dark}"/>
  <path d="M128 174 V208 M80 226 L128 208 L176 226" stroke="${p.dark}" stroke-width="10" stroke-linecap="round" fill="none"/>`;

const vrHeadset: Shape = (p) => `
  <path d="M24 120 C24 80 232 80 232 120" fill="none" stroke="${p.dark}" stroke-width="10"/>
  <rect x="40" y="88" width="176" height="92" rx="40" fill="#f4f4f8" ${stroke(p)}/>
  <circle cx="96" cy="134" r="10" fill="${p.dark}"/><circle cx="160" cy="134" r="10" fill="${p.dark}"/>
  <rect x="112" y="100" width="32" height="14" rx="7" fill="${p.accent}"/>`;

const streamDeck: Shape = (p) => `
  <rect x="40" y="64" width="176" height="118" rx="14" fill="${p.dark}" ${stroke(p)}/>
  ${Array.from({ length: 15 }, (_, i) => `<rect x="${54 + (i % 5) * 31}" y="${78 + Math.floor(i / 5) * 32}" width="24" height="24" rx="5" fill="hsl(${(i * 37) % 360} 85% 60%)"/>`).join('')}
  <path d="M96 182 L80 212 H176 L160 182" fill="${p.main}"/>`;

const figure: Shape = (p) => `
  <circle cx="128" cy="72" r="34" fill="${p.main}" ${stroke(p)}/>
  <path d="M90 200 C90 130 166 130 166 200 Z" fill="${p.main}" ${stroke(p)}/>
  <ellipse cx="128" cy="212" rx="72" ry="16" fill="${p.dark}"/>
  <circle cx="116" cy="68" r="5" fill="${p.dark}"/><circle cx="140" cy="68" r="5" fill="${p.dark}"/>`;

const giftCard: Shape = (p, v, label) => `
  <g transform="rotate(${v % 2 ? -8 : 6} 128 128)">
  <rect x="22" y="60" width="212" height="136" rx="16" fill="url(#card)" ${stroke(p, 4)}/>
  <circle cx="200" cy="90" r="46" fill="${p.light}" opacity=".18"/>
  <rect x="42" y="84" width="38" height="28" rx="5" fill="#e8c66a"/>
  <text x="42" y="158" font-family="sans-serif" font-weight="900" font-size="${label.length > 10 ? 20 : 26}" fill="#ffffff">${label}</text>
  <text x="42" y="182" font-family="sans-serif" font-weight="600" font-size="13" fill="#ffffff" fill-opacity=".7">GIFT CARD</text>
  </g>`;

export const SHAPES = {
  sneakerLow, sneakerHigh, clog, phone, tablet, laptop, headphones, earbuds, speaker, drone, camera, charger, mouse, smallTag, ereader, dryer,
  watchRound, watchOctagon, watchDigital, smartwatch, hoodie, tee, jacket, pants, bag, duffel, backpack, cap, sunglasses, ring,
  consoleTower, consoleBox, controller, handheld, keyboard, gpu, cpu, monitor, chair, vrHeadset, streamDeck, figure, giftCard,
} satisfies Record<string, Shape>;

export type ProductKind = keyof typeof SHAPES;
