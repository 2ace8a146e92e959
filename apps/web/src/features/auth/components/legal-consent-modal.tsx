import { Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { MESSAGES } from '@stem/contract/messages';
import { EulaContent } from '../../../components/legal/eula-content';
import {
  EULA_LAST_UPDATED,
  PRIVACY_POLICY_LAST_UPDATED,
} from '../../../components/legal/legal-dates';
import { PrivacyPolicyContent } from '../../../components/legal/privacy-policy-content';
import { isScrollGateOpen } from '../scroll-gate';

const T = MESSAGES.registerPage;

export type TConsentStep = 'privacy' | 'eula';

interface ScrollGatedDocumentProps {
  label: string;
  onRead: () => void;
  children: ReactNode;
}

/** A scrollable document that reports once it counts as read (see isScrollGateOpen). */
function ScrollGatedDocument({ label, onRead, children }: ScrollGatedDocumentProps) {
  const box = useRef<HTMLDivElement>(null);

  // A document short enough to fit has nothing to scroll, so it counts as read at once.
  useLayoutEffect(() => {
    if (box.current && isScrollGateOpen(box.current)) onRead();
  }, [onRead]);

  return (
    <Box
      ref={box}
      role="region"
      aria-label={label}
      // Focusable so keyboard users can scroll it with the arrow and page keys.
      tabIndex={0}
      onScroll={(event) => {
        if (isScrollGateOpen(event.currentTarget)) onRead();
      }}
      p="md"
      style={{
        height: 'min(60dvh, 560px)',
        overflowY: 'auto',
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <Stack gap="lg">{children}</Stack>
    </Box>
  );
}

interface LegalConsentModalProps {
  /** Which document is open, or null when the modal is closed. */
  step: TConsentStep | null;
  onNext: () => void;
  onAccept: () => void;
  onDecline: () => void;
}

/**
 * The licence step of registration (spec 01 §2): the privacy policy, then the licence agreement,
 * each to be scrolled before its Next or Accept is enabled. Closing the modal counts as Decline.
 */
export function LegalConsentModal({ step, onNext, onAccept, onDecline }: LegalConsentModalProps) {
  const [readStep, setReadStep] = useState<TConsentStep | null>(null);
  const isRead = step !== null && readStep === step;
  const isPrivacy = step === 'privacy';
  const title = isPrivacy ? T.privacyPolicy : T.eula;

  return (
    <Modal
      opened={step !== null}
      onClose={onDecline}
      title={title}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': T.close }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {step && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {T.stepOf(isPrivacy ? 1 : 2, 2)} ·{' '}
            {T.lastUpdated(isPrivacy ? PRIVACY_POLICY_LAST_UPDATED : EULA_LAST_UPDATED)}
          </Text>
          <ScrollGatedDocument key={step} label={title} onRead={() => setReadStep(step)}>
            {isPrivacy ? (
              <PrivacyPolicyContent openLinksInNewTab />
            ) : (
              <EulaContent openLinksInNewTab />
            )}
          </ScrollGatedDocument>
          <Text size="sm" c="dimmed" role="status" mih={20}>
            {isRead ? '' : T.scrollToContinue}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDecline}>
              {T.decline}
            </Button>
            <Button disabled={!isRead} onClick={isPrivacy ? onNext : onAccept}>
              {isPrivacy ? T.next : T.accept}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
