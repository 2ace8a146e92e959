import { API_BASE } from '@stem/contract/api';
import { LTI_PATHS, type TLtiRegisterForm } from '@stem/contract/lti';
import { MESSAGES } from '@stem/contract/messages';
import { dataBlock, escapeHtml, page, pagePolicy, scriptNonce, type TPage } from './lti.pages';

/**
 * The pages of LTI Dynamic Registration (issue 29), shown in the LMS admin's frame or window: what
 * the registration will do with its "Register" button, the end (which tells the LMS to close with
 * the spec's `org.imsglobal.lti.close` message), and a refusal naming why.
 */

const R = MESSAGES.lti.registration;

/** The "Register" page: the LMS's parameters travel on in the form, never in a stored address. */
export function registerPage(
  input: { schoolName: string; lms: string; form: TLtiRegisterForm },
  framedBy: readonly string[],
): TPage {
  const fields = Object.entries(input.form)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('\n');
  const html = page(
    R.title,
    `<main><h1>${escapeHtml(R.title)}</h1><p>${escapeHtml(R.text(input.schoolName, input.lms))}</p>
<form method="post" action="${escapeHtml(`${API_BASE}${LTI_PATHS.register}`)}">
${fields}
<button type="submit">${escapeHtml(R.submit)}</button>
</form></main>`,
  );
  return { html, csp: pagePolicy({ formAction: "'self'", framedBy }) };
}

/**
 * The end of a registration. It tells the LMS window that opened it (the opener, else the parent
 * frame) to close (`{subject: 'org.imsglobal.lti.close'}`, which carries nothing secret): at once,
 * or, when the admin has something to read (no deployment id yet), with the Close button.
 */
export function registeredPage(
  input: { name: string; schoolName: string; hasDeployment: boolean },
  framedBy: readonly string[],
): TPage {
  const nonce = scriptNonce();
  const script = `(function(){var d=JSON.parse(document.getElementById('lti-data').textContent);
function close(){var w=window.opener||(window.parent!==window?window.parent:null);if(w)w.postMessage({subject:'org.imsglobal.lti.close'},'*');}
document.getElementById('lti-close').addEventListener('click',close);if(d.auto)close();})();`;
  const html = page(
    R.doneTitle,
    `<main><h1>${escapeHtml(R.doneTitle)}</h1><p role="status">${escapeHtml(R.done(input.name, input.schoolName))}</p>
${input.hasDeployment ? '' : `<p role="alert">${escapeHtml(R.noDeployment)}</p>`}
<button type="button" id="lti-close">${escapeHtml(R.close)}</button></main>
${dataBlock({ auto: input.hasDeployment })}<script nonce="${nonce}">${script}</script>`,
  );
  return { html, csp: pagePolicy({ nonce, framedBy }) };
}

/** A registration refused, with the reason. */
export function registrationRefusedPage(message: string, framedBy: readonly string[]): TPage {
  return {
    html: page(
      R.refusedTitle,
      `<main><h1>${escapeHtml(R.refusedTitle)}</h1><p role="alert">${escapeHtml(message)}</p></main>`,
    ),
    csp: pagePolicy({ framedBy }),
  };
}
