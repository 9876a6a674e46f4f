import { APPEND_ONE_PER_TASK } from './appendOnePerTask.ts';

// The prerendered pages' second inline script (scripts/prerender.ts writes it, allowed by its hash in
// the CSP, server/plugins/securityHeaders.ts). A prerendered page paints without any script, so its
// code (the entry and its modulepreloads) waits in an inert <template> and is asked for once the
// browser reports the first contentful paint: the first paint then shares the network with nothing
// but the page's styles and font, and the page's largest paint is that first one (docs/performance.md,
// "Code after the first paint"). A requestAnimationFrame is too early: it runs while the text still
// waits for its font. The observer's callback is already a task after the paint, so it loads at once:
// no timer stands between the paint and the code (a page whose timers are held, as a test's installed
// clock holds them, still gets its code). A tab that paints nothing (hidden) gets its code after 3 s anyway, as does a
// browser without paint timing at once.
// The elements are added one per task (core/appendOnePerTask.ts), each a copy made by createElement
// (a script parsed inside a template would not run): the entry script stays last, as Vite wrote it:
// by then every module it imports has its link, so Vite's own preload helper finds them all and adds
// none of its own inside the entry's evaluation (which it did when the entry came first). The queue's
// function hangs on the template, so that its channel lives until the last element is in.
export const CODE_AFTER_PAINT_ID = 'code-after-paint';
export const CODE_AFTER_PAINT_SCRIPT = `(function(){${APPEND_ONE_PER_TASK}var t=document.getElementById('${CODE_AFTER_PAINT_ID}'),done=false;function copy(n){var e=document.createElement(n.localName);for(var j=0;j<n.attributes.length;j++)e.setAttribute(n.attributes[j].name,n.attributes[j].value);return e}function load(){if(done||!t)return;done=true;t.appendLater=__shopAppendLater;[].forEach.call(t.content.children,function(n){__shopAppendLater(copy(n))})}try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)load()}).observe({type:'paint',buffered:true})}catch(x){load()}setTimeout(load,3000)})()`;
