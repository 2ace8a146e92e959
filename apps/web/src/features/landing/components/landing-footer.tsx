import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { PUBLIC_MESSAGES } from '@stem/contract/messages-public';
import type { TPublicSiteConfig } from '@stem/contract/site';
import { InternalLink } from '../../../components/internal-link';
import classes from '../landing.module.css';

const C = PUBLIC_MESSAGES.landing.cta;
const F = PUBLIC_MESSAGES.landing.footer;

export function CtaSection({
  onGetStarted,
  bookDemoUrl,
}: {
  onGetStarted: () => void;
  bookDemoUrl: string;
}) {
  const external = bookDemoUrl.startsWith('http')
    ? { target: '_blank', rel: 'noopener noreferrer' }
    : {};
  return (
    <section className={`${classes.section} ${classes.cta}`} aria-labelledby="cta-title">
      <Container size="md">
        <Stack align="center" gap="md">
          <Title id="cta-title" order={2}>
            {C.title}
          </Title>
          <Text size="lg">{C.text}</Text>
          <Group justify="center">
            <Button size="lg" variant="white" color="blue.9" onClick={onGetStarted}>
              {PUBLIC_MESSAGES.landing.hero.getStarted}
            </Button>
            <Button
              size="lg"
              variant="outline"
              color="white"
              component="a"
              href={bookDemoUrl}
              {...external}
            >
              {PUBLIC_MESSAGES.landing.nav.bookDemo}
            </Button>
          </Group>
        </Stack>
      </Container>
    </section>
  );
}

/** Footer links of spec 01 §2: Features, Pricing, Contact, LinkedIn, Privacy Policy, EULA. */
export function LandingFooter({ site }: { site: TPublicSiteConfig }) {
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <nav aria-label={F.label}>
          <ul className={classes.footerLinks}>
            <li>
              <a className={classes.footerLink} href="#product">
                {F.features}
              </a>
            </li>
            <li>
              <a className={classes.footerLink} href="#pricing">
                {F.pricing}
              </a>
            </li>
            <li>
              <a className={classes.footerLink} href={`mailto:${site.contactEmail}`}>
                {F.contact}
              </a>
            </li>
            <li>
              <a
                className={classes.footerLink}
                href={site.linkedinUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                {F.linkedin}
              </a>
            </li>
            <li>
              <InternalLink className={classes.footerLink} to="/privacy-policy">
                {F.privacy}
              </InternalLink>
            </li>
            <li>
              <InternalLink className={classes.footerLink} to="/eula">
                {F.eula}
              </InternalLink>
            </li>
          </ul>
        </nav>
        {/* The year of the build's HTML (landing-prerender.tsx) may differ from the visitor's. */}
        <Text size="sm" mt="lg" c="gray.4" suppressHydrationWarning>
          {F.rights(new Date().getFullYear())}
        </Text>
      </Container>
    </footer>
  );
}
