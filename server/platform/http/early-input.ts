// The few bytes that keep a person's first taps on a page rendered at build time
// (docs/decisions/036). Until the app has taken the page over (#root still carries
// data-prerendered), a form's submit goes nowhere useful: the browser would send it to the
// server as a plain request. This script, inline before #root so it runs before anything can be
// tapped, holds that submit back and remembers what was typed into each field; a form marked
// data-server-answers (sign-in, the home page's search: server/platform/http/page-form.ts) is let
// through, the server acts on it, once. Fields that such a form hands to the next page (a cookie)
// go in as if typed. When the app
// removes the marker, a task later (after the render that follows hydration, which resets a
// controlled field to its state), each field gets its text back as typing would, with what was
// typed in between (a key pressed in that task was once lost: "Paramatta"): React first
// notes an empty value through its own setter on the element, then the text goes in through
// the browser's setter, which React does not watch, and an input event reports the change.
// Another task later, once React has rendered that, the held submit is carried out with its
// own button. Plain ES5 and hand-shortened: it is sent with every such page and costs the app's
// bundles nothing.
import { createHash } from "node:crypto";
import { PAGE_LEAVING_ATTRIBUTE } from "../../../shared/page-leaving";

/**
 * Fields a page form answered by the server hands to the next page (server/features/leads/location-search-form.ts):
 * a urlencoded `name=value` list, sent only to that page, read and deleted by this script.
 */
export const PREFILL_COOKIE = "ae.prefill";
export const PREFILL_PAGE = "/get-quote";

export const EARLY_INPUT_SCRIPT = [
  "(function(){var d=document,f=new Map,s=null,S=null,H=null,Q=null,D=0,B=0,L=function(g){setTimeout(g,0)};",
  'function r(){return d.getElementById("root")}',
  // Also while a first screen the server rendered is up (docs/decisions/092-first-screen-from-the-server.md): its
  // submits are held, and the app carries its fields and a held submit over (client/src/lib/first-screen.ts).
  'function p(){var e=r();return!e||e.hasAttribute("data-prerendered")||!!d.getElementById("first-screen")}',
  // Typing goes on being noted after the marker goes, until the text is given back: a key pressed
  // in that task is kept, whether React's render left the field as typed or reset it to its state.
  'function k(e){var t=e.target;if(D||!t||!("value"in t))return;if(p())return f.set(t,[t.value,t.checked]);var o=f.get(t);if(!o)return;',
  'if(t.value.indexOf(o[0])==0)o[0]=t.value;else if(e.inputType=="insertText"&&e.data)o[0]+=e.data;else if(/^delete/.test(e.inputType||""))o[0]=o[0].slice(0,-1);o[1]=t.checked}',
  'd.addEventListener("input",k,!0);d.addEventListener("change",k,!0);',
  // Preact's first renders after it took the page over (docs/decisions/129-preact-runs-the-app.md)
  // set a controlled field to the app's state, which never saw what was typed before; a key
  // pressed after that would note only what followed ("treet, Parramatta"). Before such a key
  // the field gets its noted text back, through the browser's setter, so the key lands after it
  // and the app's input event carries the whole text.
  'd.addEventListener("beforeinput",function(e){var t=e.target,o=t&&f.get(t);if(!D&&o&&p()&&t.type!="checkbox"&&t.type!="radio"&&t.value!==o[0])Object.getOwnPropertyDescriptor(Object.getPrototypeOf(t),"value").set.call(t,o[0])},!0);',
  // A held tap shows at once that it was taken: its button is busy until the submit is carried out.
  // A form the server answers is sent once: its button is busy too, and a tap while it is on its
  // way sends nothing more (one history entry, one request: docs/decisions/100-the-wizards-next-before-the-app.md).
  // What was typed in it stays in its own history entry (never a password), for a Back to find: the
  // browser itself puts back no field marked autocomplete="off" (the address field).
  'd.addEventListener("submit",function(e){var t=e.target,b=e.submitter;if(!p())return;var a=t.hasAttribute("data-server-answers");if(a&&!S){S=b||t;S.setAttribute("aria-busy","true");',
  'var v=[];[].forEach.call(t.elements,function(x){if(x.name&&"defaultValue"in x&&!/^(password|hidden|file|radio|checkbox|submit|button)$/.test(x.type)&&x.value!=x.defaultValue)v.push([x.name,x.value])});',
  'try{history.replaceState(Object.assign({},history.state,{earlyInput:v}),"")}catch(x){}',
  // The page's own downloads (the app of the page being left) stop first: on a weak signal they
  // would share the link with the form's answer for seconds, and their failure is no error. Just
  // before, the page is marked as being left, so a chunk that fails for that stop does not reload
  // the page over the form (docs/decisions/111-a-page-being-left-does-not-reload.md).
  // Then the form goes, as the browser would have sent it.
  `e.preventDefault();d.documentElement.setAttribute("${PAGE_LEAVING_ATTRIBUTE}","");stop();HTMLFormElement.prototype.submit.call(t);return}`,
  'e.preventDefault();e.stopImmediatePropagation();if(a)return;s=[t,b];if(b)b.setAttribute("aria-busy","true")},!0);',
  // A Back the server drew (the wizard's step 2: docs/decisions/100-the-wizards-next-before-the-app.md)
  // is the browser's Back until the app's own takes its place: step 1 comes back with what was typed.
  // Once: a second tap while going back would leave the wizard.
  'd.addEventListener("click",function(e){var b=e.target.closest&&e.target.closest("[data-history-back]");if(b&&p()){e.preventDefault();if(!B){B=1;history.back()}}},!0);',
  // A button marked data-held-tap (the header's Open menu) does nothing until the app runs: its tap
  // is held, the button busy, and the app's button of the same mark is tapped once the app has
  // taken over (on a slow phone's first visit the app comes seconds after the page shows).
  // Only the last such tap is kept; it alone is the button's activation (a hydrated page's own
  // handler may already be live before the marker goes, and would otherwise run it twice).
  'd.addEventListener("click",function(e){var b=e.target.closest&&e.target.closest("[data-held-tap]");if(b&&p()){e.preventDefault();e.stopPropagation();if(Q&&Q!=b)Q.removeAttribute("aria-busy");Q=b;H=b.getAttribute("data-held-tap");b.setAttribute("aria-busy","true")}},!0);',
  // Back to a page kept whole by the browser: the form sent from it may be sent again.
  'addEventListener("error",function(e){S&&e.preventDefault()});addEventListener("unhandledrejection",function(e){S&&e.preventDefault()});',
  // A tap held when the page was left is not carried out on the way back.
  `addEventListener("pageshow",function(e){B=0;if(e.persisted&&Q){Q.removeAttribute("aria-busy");Q=H=null}if(e.persisted&&S){S.removeAttribute("aria-busy");S=null;d.documentElement.removeAttribute("${PAGE_LEAVING_ATTRIBUTE}")}});`,
  // Once given back to the app (which keeps them as its own: the wizard's draft), they leave the entry.
  'function go(){D=1;var h=history.state;if(h&&h.earlyInput){h=Object.assign({},h);delete h.earlyInput;history.replaceState(h,"")}',
  "f.forEach(function(v,t){if(!t.isConnected)return;",
  'if(t.type=="checkbox"||t.type=="radio"){if(t.checked!==v[1])t.click();return}',
  'var w=Object.getOwnPropertyDescriptor(Object.getPrototypeOf(t),"value").set;t.value="";w.call(t,v[0]);',
  't.dispatchEvent(new Event(t.tagName=="SELECT"?"change":"input",{bubbles:!0}))});',
  'L(function(){var b=s&&s[1];if(b)b.removeAttribute("aria-busy");if(s&&s[0].isConnected)s[0].requestSubmit(b&&b.isConnected&&b.form==s[0]?b:null);',
  // The app's button takes the focus as a tap would, so the menu's sheet gives it back on close.
  'if(H){b=d.querySelector("[data-held-tap=\\""+CSS.escape(H)+"\\"]");H=null;if(Q)Q.removeAttribute("aria-busy");Q=null;if(b){b.removeAttribute("aria-busy");b.focus();b.click()}}})}',
  // As soon as the page is parsed, before its scripts run (DOMContentLoaded waits for them).
  'd.addEventListener("readystatechange",function(){var e=r();if(d.readyState!="interactive"||!e)return;',
  // The handed-over fields go in as if typed, so the app gets them as it gets typed text.
  `try{var c=d.cookie.match(/(?:^|; )${PREFILL_COOKIE.replace(".", "\\.")}=([^;]*)/);if(c){d.cookie="${PREFILL_COOKIE}=; Max-Age=0; Path=${PREFILL_PAGE}";`,
  'new URLSearchParams(decodeURIComponent(c[1])).forEach(function(v,n){var t=e.querySelector("[name=\\""+CSS.escape(n)+"\\"]");if(t&&"value"in t){t.value=v;f.set(t,[v,t.checked])}})}}catch(x){}',
  // What the browser put back in the fields on a return through the history (a Back from the
  // wizard's step 2 the server answered) is kept as if typed: the app's take-over would reset it.
  'e.querySelectorAll("input,textarea").forEach(function(t){if(t.type=="checkbox"||t.type=="radio"?t.checked!=t.defaultChecked:t.value!=t.defaultValue)f.has(t)||f.set(t,[t.value,t.checked])});',
  'var h=history.state&&history.state.earlyInput;if(h)h.forEach(function(v){var t=e.querySelector("[name=\\""+CSS.escape(v[0])+"\\"]");if(t&&t.value==t.defaultValue){t.value=v[1];f.set(t,[v[1],t.checked])}});',
  "if(!p())return L(go);",
  "new MutationObserver(function(m,o){if(!p()){o.disconnect();L(go)}}).observe(e,{attributes:!0})})})()",
].join("");

/** For the Content-Security-Policy's script-src: this inline script and no other. */
export const EARLY_INPUT_SCRIPT_HASH = `'sha256-${createHash("sha256").update(EARLY_INPUT_SCRIPT).digest("base64")}'`;
