import {
  EMPTY_ROOT_MESSAGE,
  MAX_RUNTIME_MESSAGE,
  MAX_RUNTIME_STACK,
  ROOT_SELECTOR,
  RUNTIME_ERROR_MESSAGE,
} from '../../../core/preview/runtime-errors.ts';

/** A value inside an inline script: JSON, with `<` escaped so no `</script>` can end it. */
const inScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Reports sent by one page at most: a render loop that throws must not flood the editor. */
export const MAX_RUNTIME_REPORTS = 50;
/** After `load`, how long the app has to put something in its root before 'Nothing Rendered'. */
const EMPTY_ROOT_CHECK_MS = 2500;

interface ReporterOptions {
  /** A JS function expression taking the report `{ type, kind, message, stack }`. */
  sink: string;
  /** Milliseconds after `load` for the empty-root check; null: not checked here. */
  emptyAfter: number | null;
  /** Resource failures of other origins (a CDN the server cannot reach) are not reported. */
  ownResourcesOnly: boolean;
}

/**
 * What a person using the version hits — uncaught errors, unhandled rejections, `console.error`,
 * a script, style sheet or image that failed to load, and a root element still empty after the
 * page loaded — handed to `sink`, at most MAX_RUNTIME_REPORTS per page. One source for the framed
 * bridge and the server's post-build check, so both see the same errors.
 */
function reporterSource(options: ReporterOptions): string {
  const names = {
    type: RUNTIME_ERROR_MESSAGE,
    maxMessage: MAX_RUNTIME_MESSAGE,
    maxStack: MAX_RUNTIME_STACK,
    maxReports: MAX_RUNTIME_REPORTS,
    emptyAfter: options.emptyAfter,
    ownOnly: options.ownResourcesOnly,
    root: ROOT_SELECTOR,
    emptyText: EMPTY_ROOT_MESSAGE,
  };
  return `var K=${inScript(names)},sink=${options.sink};
var sent=0,errors=0;
function text(v){try{if(v instanceof Error)return v.name+': '+v.message;if(typeof v==='string')return v;return JSON.stringify(v)}catch(x){return String(v)}}
function post(kind,message,stack){if(sent>=K.maxReports)return;sent++;if(kind!=='empty-root')errors++;
try{sink({type:K.type,kind:kind,message:String(message||'Unknown error').slice(0,K.maxMessage),stack:String(stack||'').slice(0,K.maxStack)})}catch(x){}}
window.addEventListener('error',function(e){var t=e.target;
if(t&&t!==window&&t.tagName){var u=t.src||t.href||'';if(K.ownOnly){try{if(new URL(u,location.href).origin!==location.origin)return}catch(x){return}}
post('resource','Failed to load '+t.tagName.toLowerCase()+(u?' '+u:''),'');return}
var er=e.error;post('error',er instanceof Error?er.name+': '+er.message:(e.message||'Script error'),er&&er.stack?er.stack:(e.filename?'    at '+e.filename+':'+e.lineno+':'+e.colno:''))},true);
window.addEventListener('unhandledrejection',function(e){var r=e.reason;post('rejection',text(r),r&&r.stack?r.stack:'')});
var original=console.error;console.error=function(){var a=Array.prototype.slice.call(arguments),er=null;
for(var i=0;i<a.length;i++){if(a[i] instanceof Error){er=a[i];break}}
var m=a.map(function(v){return typeof v==='string'?v:text(v)}).join(' ');
post('console',m,er&&er.stack?er.stack:(new Error().stack||'').split('\\n').slice(2).join('\\n'));return original.apply(console,arguments)};
function emptyRoot(){if(errors>0)return;var r=document.querySelector(K.root)||document.body;
if(!r||r.children.length>0||(r.textContent||'').trim()!=='')return;
post('empty-root',K.emptyText.replace('{root}',r===document.body?'<body>':'#'+(r.id||r.tagName.toLowerCase())),'')}
if(K.emptyAfter!==null)window.addEventListener('load',function(){setTimeout(emptyRoot,K.emptyAfter)});`;
}

/**
 * The runtime errors bridge of a framed preview (issue 19 item 4): the reports posted to the app's
 * origin alone. Only the preview host serves it, never a deployment or the zip. The editor maps
 * the stack to the sources and decides what to show; this script only reports.
 */
export function runtimeErrorBridgeScript(editorOrigin: string): string {
  const sink = `function(m){parent.postMessage(m,${inScript(editorOrigin)})}`;
  const reporter = reporterSource({ sink, emptyAfter: EMPTY_ROOT_CHECK_MS, ownResourcesOnly: false });
  return `<script data-kiln-preview>(function(){if(window.parent===window)return;${reporter}})();</script>`;
}

/**
 * The same reporter for the server's browser (an init script of the top frame), handing each
 * report to the page binding `binding`. The server checks the root itself when it takes the
 * screenshot, and counts only the preview's own files that failed: a third-party host the server
 * cannot reach is not the app's error.
 */
export function runtimeCheckInitScript(binding: string): string {
  const sink = `function(m){var f=window[${inScript(binding)}];if(typeof f==='function')f(m)}`;
  const reporter = reporterSource({ sink, emptyAfter: null, ownResourcesOnly: true });
  return `(function(){if(window.parent!==window)return;${reporter}})();`;
}
