import { useState, type FormEvent } from 'react';

interface ContactDetails {
  name: string;
  email: string;
  topic: string;
  message: string;
}

const TOPICS = ['General question', 'Sales', 'Support', 'Partnership'];
const EMPTY: ContactDetails = { name: '', email: '', topic: TOPICS[0], message: '' };

function validate(form: ContactDetails) {
  const errors: { name?: string; email?: string; message?: string } = {};
  if (form.name.trim().length < 2) errors.name = 'Please tell us your name.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) errors.email = 'Enter a valid email address.';
  if (form.message.trim().length < 10) errors.message = 'Your message needs at least 10 characters.';
  return errors;
}

export default function ContactForm() {
  const [form, setForm] = useState<ContactDetails>(EMPTY);
  const [errors, setErrors] = useState<ReturnType<typeof validate>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);

  function update(field: keyof ContactDetails, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSentTo(`Thanks, ${form.name.trim()}! We will reply to ${form.email.trim()} soon.`);
    setForm(EMPTY);
  }

  return (
    <section className="flex justify-center px-6 py-16">
      <form onSubmit={handleSubmit} noValidate className="w-full max-w-lg rounded-2xl border border-gray-200 bg-white p-8 shadow-lg">
        <h1 className="text-2xl font-semibold text-gray-900">Get in touch</h1>
        <p className="mt-1 text-sm text-gray-500">We usually answer within one working day.</p>
        {sentTo && <p className="mt-6 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-700">{sentTo}</p>}
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="contact-name" className="block text-sm font-medium text-gray-700">
              Name
            </label>
            <input
              id="contact-name"
              type="text"
              autoComplete="name"
              value={form.name}
              onChange={(event) => update('name', event.target.value)}
              className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
            />
            {errors.name && <p className="mt-1 text-xs text-rose-600">{errors.name}</p>}
          </div>
          <div>
            <label htmlFor="contact-email" className="block text-sm font-medium text-gray-700">
              Email
            </label>
            <input
              id="contact-email"
              type="email"
              autoComplete="email"
              value={form.email}
              onChange={(event) => update('email', event.target.value)}
              className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
            />
            {errors.email && <p className="mt-1 text-xs text-rose-600">{errors.email}</p>}
          </div>
        </div>
        <div className="mt-4">
          <label htmlFor="contact-topic" className="block text-sm font-medium text-gray-700">
            Topic
          </label>
          <select
            id="contact-topic"
            value={form.topic}
            onChange={(event) => update('topic', event.target.value)}
            className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
          >
            {TOPICS.map((topic) => (
              <option key={topic}>{topic}</option>
            ))}
          </select>
        </div>
        <div className="mt-4">
          <label htmlFor="contact-message" className="block text-sm font-medium text-gray-700">
            Message
          </label>
          <textarea
            id="contact-message"
            rows={5}
            value={form.message}
            onChange={(event) => update('message', event.target.value)}
            className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
          />
          {errors.message && <p className="mt-1 text-xs text-rose-600">{errors.message}</p>}
        </div>
        <button type="submit" className="w-full rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-indigo-500 mt-6">
          Send message
        </button>
      </form>
    </section>
  );
}
