// One element added to the document's head per task, in the order asked for: the source of
// `__shopAppendLater(element)`, written as ES5 so that it runs as it is in both places that need it:
// the prerendered pages' inline script (core/codeAfterPaint.ts, allowed by its hash in the CSP) and
// Vite's preload helper in the client build (scripts/preloadSlices.ts). Adding a <link
// rel=modulepreload> or a module script costs Chromium about 1 ms of main thread (4 ms on a phone's
// slower CPU), and a page needs fifty-odd: added in one go they were one long blocking task. Each
// element waits for a MessageChannel message, which no timer clamps or holds (a test's installed clock
// holds timers); the channel closes when the queue is empty and a later call opens a new one.
export const APPEND_ONE_PER_TASK =
  'var __shopQueue=[],__shopChannel;' +
  'function __shopAppendLater(e){__shopQueue.push(e);if(__shopChannel)return;var c=__shopChannel=new MessageChannel();' +
  'c.port1.onmessage=function(){var n=__shopQueue.shift();if(n)document.head.appendChild(n);' +
  'if(__shopQueue.length)c.port2.postMessage(0);else{c.port1.close();__shopChannel=undefined}};c.port2.postMessage(0)}';
