// The consent line of the sign-up and of the first social sign-in (docs/accounts.md): its "Terms of
// Service" opens the terms in a new tab, so the form and what was typed stay where they are. A
// click on the link does not tick the box (a link inside a label is its own control).
export function TermsLabel() {
  return (
    <>
      I accept the{' '}
      <a className="auth-terms-link" href="/terms-of-service" target="_blank" rel="noopener">
        Terms of Service
      </a>{' '}
      and confirm I am 18+
    </>
  );
}
