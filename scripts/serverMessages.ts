import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// The API's texts a player reads (docs/i18n.md, "Texts the server sends"): every message the server
// can answer with, found in its source, as the English template the catalogs of server/i18n/api/ are
// keyed by. A template literal's `${…}` parts become {0}, {1}… in order. tests/core/i18nCatalogs.test.ts
// checks each language's file against this list, so a new message cannot ship untranslated.
//
// Where messages are:
// - the error helpers' text arguments (msgError, fieldError, notFound, tooManyRequests);
// - any `message:`, `msg:`, `error:` or `…Message:` property (answers `{message}`, error bodies, zod's
//   `{message}` and `{error}` options, options such as coinAmount's `minMessage`);
// - the message tables (a const named …MSG, …MESSAGES, …MESSAGE or …_TEXT, e.g. CHAT_MSG): every text in them;
// - zod checks' last text argument (`.min(8, 'The password must be at least 8 characters.')`) and
//   `.refine(…, 'text')` in core/protocol.
// The console's own routes (server/routes/admin, server/admin) are for the team, in English, and are
// not read; nor are migrations, operations commands or the sandbox gateway.

const ROOTS = ['server', 'core'];
const SKIP = ['server/routes/admin', 'server/admin', 'server/ops', 'server/db', 'server/config.ts', 'server/routes/api/system.ts', 'core/fair/cli.ts', 'server/payments/sandbox'];
// `required`: the schemas' own helper for a required text field (core/protocol), its message first.
const ERROR_HELPERS: Record<string, number> = { msgError: 1, fieldError: 1, notFound: 0, tooManyRequests: 1, required: 0 };
const ZOD_CHECKS = new Set(['min', 'max', 'length', 'regex', 'refine', 'email', 'url', 'int', 'positive', 'nonnegative', 'startsWith', 'endsWith', 'includes', 'nonempty', 'gt', 'gte', 'lt', 'lte', 'multipleOf']);
const TABLE_NAME = /(MSG|MESSAGES?|_TEXT)$/;
/** `message:`, `msg:`, zod's `error:`, an option naming a message (`minMessage:`). */
const MESSAGE_PROPERTY = /^(message|msg|error)$|Message$/;

function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const rel = path.relative(root, full).split(path.sep).join('/');
      if (SKIP.some((skip) => rel === skip || rel.startsWith(`${skip}/`))) continue;
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
    }
  };
  for (const top of ROOTS) walk(path.join(root, top));
  return files.sort();
}

/** The English template of a text node, or null when the node is not a text. */
function templateOf(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    let text = node.head.text;
    node.templateSpans.forEach((span, i) => {
      text += `{${i}}${span.literal.text}`;
    });
    return text;
  }
  return null;
}

/** Texts an expression can be: itself, either branch of a condition, what an arrow returns, a parenthesised text. */
function textsOf(node: ts.Node | undefined, out: Set<string>): void {
  if (!node) return;
  const template = templateOf(node);
  if (template !== null) {
    // A sentence, not a key, a suffix or a slot name ("s", "page-slot").
    if (/[A-Za-z]{2,}.* /.test(template)) out.add(template);
    return;
  }
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return textsOf(node.expression, out);
  if (ts.isConditionalExpression(node)) {
    textsOf(node.whenTrue, out);
    textsOf(node.whenFalse, out);
    return;
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) {
    textsOf(node.right, out);
    return;
  }
  if (ts.isArrowFunction(node)) {
    if (ts.isBlock(node.body)) {
      const visit = (n: ts.Node) => {
        if (ts.isReturnStatement(n)) textsOf(n.expression, out);
        else if (!ts.isFunctionLike(n)) ts.forEachChild(n, visit);
      };
      visit(node.body);
    } else textsOf(node.body, out);
  }
}

function tableTexts(node: ts.Expression, out: Set<string>): void {
  const inner = ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node) ? node.expression : node;
  if (ts.isObjectLiteralExpression(inner)) {
    for (const property of inner.properties) {
      if (ts.isPropertyAssignment(property)) {
        if (ts.isObjectLiteralExpression(property.initializer)) tableTexts(property.initializer, out);
        else textsOf(property.initializer, out);
      } else if (ts.isMethodDeclaration(property) && property.body) {
        const visit = (n: ts.Node) => {
          if (ts.isReturnStatement(n)) textsOf(n.expression, out);
          else ts.forEachChild(n, visit);
        };
        visit(property.body);
      }
    }
  } else if (ts.isArrayLiteralExpression(inner)) inner.elements.forEach((element) => textsOf(element, out));
  else textsOf(inner, out);
}

function calleeName(call: ts.CallExpression): string | null {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return null;
}

/** Every message template the server can answer a player with, sorted. */
export function extractServerMessages(root: string): string[] {
  const out = new Set<string>();
  for (const file of sourceFiles(root)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const inProtocol = file.includes(`${path.sep}core${path.sep}protocol${path.sep}`);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node)) {
        const name = calleeName(node);
        if (name && ts.isIdentifier(node.expression) && name in ERROR_HELPERS) textsOf(node.arguments[ERROR_HELPERS[name]!], out);
        if (name && inProtocol && ts.isPropertyAccessExpression(node.expression) && ZOD_CHECKS.has(name)) {
          const last = node.arguments.at(-1);
          if (last && templateOf(last) !== null) textsOf(last, out);
        }
      } else if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && MESSAGE_PROPERTY.test(node.name.text)) {
        textsOf(node.initializer, out);
      } else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && TABLE_NAME.test(node.name.text) && node.initializer) {
        tableTexts(node.initializer, out);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...out].sort();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const message of extractServerMessages(process.cwd())) console.log(message);
}
