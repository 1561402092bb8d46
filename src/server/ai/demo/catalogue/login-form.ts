import { interactiveEntry } from './load.ts';

export const loginForm = interactiveEntry({
  id: 'login-form',
  title: 'Login Form',
  componentName: 'LoginForm',
  keywords: [
    ['login', 4],
    ['log in', 4],
    ['sign in', 4],
    ['signin', 4],
    ['sign up', 2],
    ['signup', 2],
    ['register', 2],
    ['auth', 3],
    ['authentication', 3],
    ['password', 2],
    ['credentials', 2],
  ],
  summary: 'a sign-in form that checks the email format and an 8-character password before submitting',
  placement: 'bottom',
});
