import { Container, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { PUBLIC_MESSAGES } from '@stem/contract/messages-public';
import { FEATURES, SHOT_SIZE, type TFeature } from '../landing-content';
import classes from '../landing.module.css';
import { useOpenedOnce } from '../use-opened-once';

/** The fullscreen screenshot: its code (and Mantine's Modal) loads when a screenshot is opened. */
const FeatureLightbox = lazy(() => import('./feature-lightbox'));

const F = PUBLIC_MESSAGES.landing.features;

/** The feature tour; each screenshot opens full size in a fullscreen lightbox. */
export function FeaturesSection() {
  const [shown, setShown] = useState<TFeature | null>(null);
  const hasLightbox = useOpenedOnce(shown !== null);
  return (
    <section id="product" className={classes.section} aria-labelledby="product-title">
      <Container size="lg">
        <Stack gap="xs" align="center" mb={40} ta="center">
          <Title id="product-title" order={2}>
            {F.title}
          </Title>
          <Text className={classes.lead}>{F.text}</Text>
        </Stack>
        <div className={classes.featureGrid}>
          {FEATURES.map((feature) => (
            <article key={feature.id} data-testid="feature">
              <button
                type="button"
                className={classes.shotButton}
                onClick={() => setShown(feature)}
                aria-label={F.enlarge(feature.title)}
              >
                <img
                  className={classes.shot}
                  src={feature.thumb}
                  alt={feature.alt}
                  width={SHOT_SIZE.thumb.width}
                  height={SHOT_SIZE.thumb.height}
                  loading="lazy"
                  decoding="async"
                />
              </button>
              <Title order={3} size="h4" mt="md">
                {feature.title}
              </Title>
              <Text mt={4} className={classes.muted}>
                {feature.text}
              </Text>
            </article>
          ))}
        </div>
      </Container>
      {hasLightbox ? (
        <Suspense fallback={null}>
          <FeatureLightbox feature={shown} onClose={() => setShown(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
