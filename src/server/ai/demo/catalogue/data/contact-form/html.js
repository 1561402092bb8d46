const fields = ['name', 'email', 'message'];
document.getElementById('contact-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const value = (field) => document.getElementById('contact-' + field).value.trim();
  const errors = {
    name: value('name').length >= 2 ? '' : 'Please tell us your name.',
    email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value('email')) ? '' : 'Enter a valid email address.',
    message: value('message').length >= 10 ? '' : 'Your message needs at least 10 characters.',
  };
  for (const field of fields) {
    const element = document.getElementById('contact-' + field + '-error');
    element.textContent = errors[field];
    element.classList.toggle('hidden', !errors[field]);
  }
  const success = document.getElementById('contact-success');
  const isValid = fields.every((field) => !errors[field]);
  success.textContent = isValid ? 'Thanks, ' + value('name') + '! We will reply to ' + value('email') + ' soon.' : '';
  success.classList.toggle('hidden', !isValid);
  if (isValid) event.target.reset();
});
