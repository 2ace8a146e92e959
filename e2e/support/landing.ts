import { FAQS } from '../../apps/web/src/features/landing/landing-faqs';

/** FAQ entries the browser tests open, by id. */
export const FAQS_FOR_TESTS = {
  images: FAQS.find((faq) => faq.id === 'images') ?? { question: '', answer: '' },
};
