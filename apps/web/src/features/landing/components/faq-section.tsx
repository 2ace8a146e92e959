import { Accordion, Container, Title } from '@mantine/core';
import { PUBLIC_MESSAGES } from '@stem/contract/messages-public';
import { FAQS } from '../landing-faqs';
import classes from '../landing.module.css';

/** The questions schools ask, as an accordion (spec 01 §2). */
export function FaqSection() {
  return (
    <section id="faqs" className={classes.section} aria-labelledby="faqs-title">
      <Container size="md">
        <Title id="faqs-title" order={2} ta="center" mb={32}>
          {PUBLIC_MESSAGES.landing.faqs.title}
        </Title>
        <Accordion variant="separated" radius="md" chevronPosition="right">
          {FAQS.map((faq) => (
            <Accordion.Item key={faq.id} value={faq.id} data-testid="faq">
              <Accordion.Control>
                <Title order={3} size="h5" fw={600}>
                  {faq.question}
                </Title>
              </Accordion.Control>
              <Accordion.Panel>
                <p style={{ margin: 0 }} className={classes.muted}>
                  {faq.answer}
                </p>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Container>
    </section>
  );
}
