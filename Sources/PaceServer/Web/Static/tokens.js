// The tokens page: makes a token (its secret shown once) and revokes one, through the token API.
'use strict';

function tokensPage() {
  const error = document.getElementById('tokens-error');
  const show = (message) => { error.textContent = message; error.hidden = false; };
  const form = document.getElementById('new-token');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.hidden = true;
    const checked = (name) => Array.from(form.querySelectorAll('input[name="' + name + '"]:checked')).map((box) => box.value);
    const body = JSON.stringify({ name: form.elements.name.value, read: checked('read'), share: checked('share') });
    try {
      const response = await fetch('/api/v1/tokens', {
        method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': await csrfToken() }, body,
      });
      const text = await response.text();
      if (response.status !== 201) { show(errorMessage(text, 'The token was not made.')); return; }
      document.getElementById('secret-value').textContent = JSON.parse(text).token;
      form.hidden = true;
      document.getElementById('new-secret').hidden = false;
    } catch (failure) {
      show(String(failure.message || failure));
    }
  });
  for (const button of document.querySelectorAll('button.revoke')) {
    button.addEventListener('click', async () => {
      error.hidden = true;
      try {
        const response = await fetch('/api/v1/tokens/' + encodeURIComponent(button.dataset.token), {
          method: 'DELETE', headers: { 'X-CSRF-Token': await csrfToken() },
        });
        if (response.status !== 204) { show(errorMessage(await response.text(), 'The token was not revoked.')); return; }
        const cell = button.parentElement;
        cell.textContent = 'Revoked';
      } catch (failure) {
        show(String(failure.message || failure));
      }
    });
  }
}

document.addEventListener('DOMContentLoaded', () => {
  if (document.getElementById('new-token')) tokensPage();
});
