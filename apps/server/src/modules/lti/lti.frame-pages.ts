import { API_BASE } from '@stem/contract/api';
import { LTI_PATHS } from '@stem/contract/lti';
import { MESSAGES } from '@stem/contract/messages';
import { dataBlock, escapeHtml, page, pagePolicy, scriptNonce, type TPage } from './lti.pages';

/**
 * The pages of a launch inside the LMS's frame (issue 29), where browsers block the tool's
 * cookies: LTI Platform Storage (1EdTech "LTI Client Side postMessages", "postMessage Storage" and
 * "OIDC Login with LTI Client Side postMessages") keeps the state in the LMS's own window instead,
 * and when that is not offered or fails, one button continues in a new tab.
 */

const M = MESSAGES.lti;

/** How long a page waits for the LMS's answer to a postMessage. */
const STORAGE_WAIT_MS = 4000;

/** The key a launch's state is kept under in the LMS's storage (as the 1EdTech guide does). */
export const storageKey = (state: string) => `state_${state}`;

/**
 * The LMS window to talk to: the parent (`_parent`) or a frame of the parent by its name (Canvas
 * names a sibling frame, `post_message_forwarding`); none when the page is not framed.
 */
const FIND_FRAME = `function findFrame(target){try{if(window.parent===window)return null;return target==='_parent'?window.parent:window.parent.frames[target]||null;}catch(e){return null;}}
function messageId(){return window.crypto&&crypto.randomUUID?crypto.randomUUID():'stem-'+Math.random().toString(36).slice(2)+Date.now().toString(36);}`;

/** The new-tab button: its form posts the single-use relaunch code to a new top-level tab. */
function relaunchForm(code: string): string {
  return `<form method="post" action="${escapeHtml(`${API_BASE}${LTI_PATHS.relaunch}`)}" target="_blank" rel="noopener">
<input type="hidden" name="code" value="${escapeHtml(code)}">
<button type="submit">${escapeHtml(M.newTabButton)}</button>
</form>`;
}

/**
 * The login initiation when the LMS offers Platform Storage: the page asks the LMS's frame to keep
 * the state (`lti.put_data`, addressed to the authentication endpoint's origin only, and its answer
 * accepted from that origin only), then goes on to the LMS's authentication endpoint, answered or
 * not (the cookie may still do).
 */
export function loginStoragePage(
  input: { authUrl: string; target: string; origin: string; state: string },
  framedBy: readonly string[],
): TPage {
  const nonce = scriptNonce();
  const data = {
    next: input.authUrl,
    target: input.target,
    origin: input.origin,
    key: storageKey(input.state),
    value: input.state,
    wait: STORAGE_WAIT_MS,
  };
  const script = `(function(){${FIND_FRAME}
var d=JSON.parse(document.getElementById('lti-data').textContent);var done=false;
function go(){if(done)return;done=true;window.location.replace(d.next);}
var frame=findFrame(d.target);if(!frame){go();return;}
var id=messageId();
window.addEventListener('message',function(e){var m=e.data;if(e.origin!==d.origin||!m||typeof m!=='object')return;if(m.subject==='lti.put_data.response'&&m.message_id===id)go();});
setTimeout(go,d.wait);
frame.postMessage({subject:'lti.put_data',message_id:id,key:d.key,value:d.value},d.origin);})();`;
  const html = page(
    M.pageTitle,
    `<main><p role="status">${escapeHtml(M.launchingText)}</p>
<noscript><p><a href="${escapeHtml(input.authUrl)}">${escapeHtml(M.loginContinue)}</a></p></noscript></main>
${dataBlock(data)}<script nonce="${nonce}">${script}</script>`,
  );
  return { html, csp: pagePolicy({ nonce, framedBy }) };
}

/**
 * The launch when the state was kept in the LMS's storage: the page asks the LMS's frame for it
 * (`lti.get_data`) and only when the LMS's origin answers with this launch's state does it go on to
 * the web app with the launch's single-use code. The code is in this reply alone, so a page that
 * made someone else's browser post a launch cannot learn it; that browser's LMS holds no such state
 * and the page stops. Otherwise (no answer, an error, another value, not framed) it offers the
 * new-tab button.
 */
export function launchStoragePage(
  input: {
    next: string;
    target: string;
    origin: string;
    state: string;
    relaunchCode: string;
  },
  framedBy: readonly string[],
): TPage {
  const nonce = scriptNonce();
  const data = {
    next: input.next,
    target: input.target,
    origin: input.origin,
    key: storageKey(input.state),
    value: input.state,
    wait: STORAGE_WAIT_MS,
  };
  const script = `(function(){${FIND_FRAME}
var d=JSON.parse(document.getElementById('lti-data').textContent);var done=false;
function fail(){if(done)return;done=true;document.getElementById('lti-checking').hidden=true;document.getElementById('lti-fallback').hidden=false;}
var frame=findFrame(d.target);if(!frame){fail();return;}
var id=messageId();
window.addEventListener('message',function(e){var m=e.data;if(done||e.origin!==d.origin||!m||typeof m!=='object')return;if(m.subject!=='lti.get_data.response'||m.message_id!==id)return;
if(!m.error&&m.value===d.value&&(m.key===undefined||m.key===d.key)){done=true;window.location.replace(d.next);}else{fail();}});
setTimeout(fail,d.wait);
frame.postMessage({subject:'lti.get_data',message_id:id,key:d.key},d.origin);})();`;
  const html = page(
    M.pageTitle,
    `<main><p id="lti-checking" role="status">${escapeHtml(M.storageChecking)}</p>
<div id="lti-fallback" hidden><h1>${escapeHtml(M.newTabTitle)}</h1><p>${escapeHtml(M.newTabText)}</p>
${relaunchForm(input.relaunchCode)}</div></main>
${dataBlock(data)}<script nonce="${nonce}">${script}</script>`,
    '<noscript><style>#lti-fallback[hidden]{display:block}#lti-checking{display:none}</style></noscript>',
  );
  return {
    html,
    csp: pagePolicy({ nonce, formAction: relaunchFormAction(input.origin), framedBy }),
  };
}

/**
 * Where the new-tab button's form may go: here, and on to the LMS's authentication endpoint (the
 * relaunch answers with a redirect there, and browsers hold a form's redirects to `form-action`).
 */
function relaunchFormAction(authOrigin: string): string {
  return `'self' ${authOrigin}`;
}

/**
 * A launch in the LMS's frame that neither a cookie nor the LMS's storage could tie to the browser:
 * nothing is signed in here; one button starts the launch again in a new top-level tab, where the
 * login's cookie works, with a single-use code (5 minutes) posted in a form, never put in an address.
 */
export function relaunchPage(
  input: { code: string; authOrigin: string },
  framedBy: readonly string[],
): TPage {
  const html = page(
    M.pageTitle,
    `<main><h1>${escapeHtml(M.newTabTitle)}</h1><p>${escapeHtml(M.newTabText)}</p>
${relaunchForm(input.code)}</main>`,
  );
  return { html, csp: pagePolicy({ formAction: relaunchFormAction(input.authOrigin), framedBy }) };
}
