const form = document.getElementById('login-form');
function showError(field, message) {
  const element = document.getElementById('login-' + field + '-error');
  element.textContent = message || '';
  element.classList.toggle('hidden', !message);
}
form.addEventListener('submit', (event) => {
  event.preventDefault();
  const email = document.getElementById('login-email').value.trim();
  const password = document.getElementById('login-password').value;
  const emailError = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? '' : 'Enter a valid email address.';
  const passwordError = password.length >= 8 ? '' : 'Password must be at least 8 characters.';
  showError('email', emailError);
  showError('password', passwordError);
  document.getElementById('login-success').classList.toggle('hidden', Boolean(emailError || passwordError));
});
