// What the account's pages' scripts share: the session's CSRF token, which every write from the
// browser carries in X-CSRF-Token, and an API error's message.
'use strict';

async function csrfToken() {
  const response = await fetch('/api/v1/session');
  if (!response.ok) throw new Error('The session has ended; sign in again.');
  return (await response.json()).csrfToken;
}

function errorMessage(text, fallback) {
  try {
    const answer = JSON.parse(text);
    return (answer && answer.error && answer.error.message) || fallback;
  } catch (failure) {
    return fallback;
  }
}
