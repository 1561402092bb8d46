/**
 * The contact form's server half (issue 22 item 2): `api/index.ts` validates a message and sends
 * it with nodemailer through the chat's SMTP integration, whose values Kiln passes as `SMTP_*`
 * (core/integrations/server-env.ts). The message goes to the app's own sender address, with the
 * visitor's address as Reply-To, so the owner answers with their mail program.
 */
import { SERVER_ENV } from '../../../../core/integrations/server-env.ts';

export const CONTACT_ROUTE = '/api/contact';
export const CONTACT_SENT_TEXT = 'Thank you! Your message has been sent.';
export const CONTACT_FAILED_TEXT = 'Your message could not be sent. Please try again in a moment.';

export const CONTACT_FORM_API = `import { Hono } from 'hono';
import nodemailer, { type Transporter } from 'nodemailer';

const LIMITS = { name: 100, email: 200, message: 5000 };
const EMAIL = /^[^\\s@<>]+@[^\\s@<>]+\\.[^\\s@<>]+$/;

// Read at the first message, from the environment Kiln (or your .env) provides.
let transport: Transporter | undefined;
function mailer(): Transporter {
  const port = Number(process.env.${SERVER_ENV.smtpPort} ?? 587);
  transport ??= nodemailer.createTransport({
    host: process.env.${SERVER_ENV.smtpHost},
    port,
    secure: port === 465,
    auth: { user: process.env.${SERVER_ENV.smtpUser}, pass: process.env.${SERVER_ENV.smtpPassword} },
  });
  return transport;
}

const app = new Hono();

app.post('${CONTACT_ROUTE}', async (c) => {
  const body: unknown = await c.req.json().catch(() => null);
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const text = (key: keyof typeof LIMITS) => (typeof fields[key] === 'string' ? fields[key].trim() : '');
  const name = text('name');
  const email = text('email');
  const message = text('message');
  if (name === '' || name.length > LIMITS.name || /[\\r\\n]/.test(name))
    return c.json({ error: \`Please give your name (at most \${LIMITS.name} characters).\` }, 400);
  if (!EMAIL.test(email) || email.length > LIMITS.email)
    return c.json({ error: 'Please give a valid e-mail address.' }, 400);
  if (message === '' || message.length > LIMITS.message)
    return c.json({ error: \`Please write a message (at most \${LIMITS.message} characters).\` }, 400);
  const from = process.env.${SERVER_ENV.smtpFrom};
  await mailer().sendMail({
    from,
    to: from,
    replyTo: { name, address: email },
    subject: \`Contact form: \${name}\`,
    text: \`\${message}\\n\\n— \${name} <\${email}>\`,
  });
  return c.json({ ok: true });
});

app.onError((error, c) => {
  console.error(error);
  return c.json({ error: 'The message could not be sent right now.' }, 500);
});

export default app;
`;

export const CONTACT_FORM_DEPENDENCIES = { hono: '^4.6.0', nodemailer: '^10.0.0' };
export const CONTACT_FORM_DEV_DEPENDENCIES = { '@types/nodemailer': '^8.0.0' };
