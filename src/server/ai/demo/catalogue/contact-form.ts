import { interactiveEntry } from './load.ts';

export const contactForm = interactiveEntry({
  id: 'contact-form',
  title: 'Contact Form',
  componentName: 'ContactForm',
  keywords: [
    ['contact', 4],
    ['contact us', 4],
    ['get in touch', 4],
    ['message us', 3],
    ['feedback', 2],
    ['enquiry', 3],
    ['inquiry', 3],
    ['support form', 3],
    ['form', 1],
  ],
  summary: 'a contact form with name, email, topic and message fields, validated before sending',
  placement: 'bottom',
});
