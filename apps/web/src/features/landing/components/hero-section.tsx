import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { PUBLIC_MESSAGES } from '@stem/contract/messages-public';
import classes from '../landing.module.css';

const H = PUBLIC_MESSAGES.landing.hero;

type THeroProps = { onGetStarted: () => void; onWatchDemo: () => void };

export function HeroSection({ onGetStarted, onWatchDemo }: THeroProps) {
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg">
        <Stack gap="lg" align="center">
          <Title id="hero-title" order={1} className={classes.heroTitle}>
            {H.title}
          </Title>
          <Text className={classes.lead}>{H.text}</Text>
          <Group justify="center" gap="md">
            <Button size="lg" onClick={onGetStarted}>
              {H.getStarted}
            </Button>
            <Button
              size="lg"
              variant="default"
              leftSection={<IconPlayerPlayFilled size={18} aria-hidden="true" />}
              onClick={onWatchDemo}
            >
              {H.watchDemo}
            </Button>
          </Group>
          <Text size="sm" className={classes.muted}>
            {H.note}
          </Text>
        </Stack>
      </Container>
    </section>
  );
}
