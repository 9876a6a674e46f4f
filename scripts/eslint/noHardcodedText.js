// shop/no-hardcoded-text (docs/i18n.md): in an area whose texts live in catalogs, a player-facing
// text written in the markup is an error: JSX text with a letter in it, and string literals in the
// attributes a player reads or hears (aria-label, title, placeholder, alt, label). Texts come from
// the area's catalog through `t(...)`. Symbols, numbers and punctuation alone ("×", "18+", "·") pass.

const SPOKEN_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label']);
const LETTER = /\p{L}{2}/u;

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Player-facing texts come from the message catalogs' },
    messages: { text: 'Hard-coded interface text {{text}}: put it in the area\'s i18n/en-US.json and use t().' },
    schema: [],
  },
  create(context) {
    const report = (node, text) => context.report({ node, messageId: 'text', data: { text: JSON.stringify(text.trim().slice(0, 40)) } });
    return {
      JSXText(node) {
        if (LETTER.test(node.value)) report(node, node.value);
      },
      JSXAttribute(node) {
        const name = typeof node.name.name === 'string' ? node.name.name : '';
        if (!SPOKEN_ATTRIBUTES.has(name) || !node.value) return;
        const value = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        if (value.type === 'Literal' && typeof value.value === 'string' && LETTER.test(value.value)) report(node, value.value);
        if (value.type === 'TemplateLiteral' && value.quasis.some((q) => LETTER.test(q.value.cooked ?? ''))) report(node, value.quasis.map((q) => q.value.cooked).join('…'));
      },
    };
  },
};
