import { Group, Input, Text } from '@mantine/core';
import {
  Fragment,
  useId,
  useRef,
  type ClipboardEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { SCHOOL_CODE_LENGTH } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { cleanSchoolCodeInput, splitSchoolCode } from '@stem/contract/school-code';

const BOX_LENGTH = 4;
const BOX_COUNT = SCHOOL_CODE_LENGTH / BOX_LENGTH;

export type TSchoolCodeParts = readonly string[];

export const EMPTY_SCHOOL_CODE: TSchoolCodeParts = ['', '', '', ''];

interface SchoolCodeInputProps {
  value: TSchoolCodeParts;
  onChange: (parts: TSchoolCodeParts) => void;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  readOnly?: boolean;
}

/**
 * The 16-character school code as four boxes of four (spec 01 §5): each box upper-cases, drops
 * anything but A-Z and 0-9 and holds at most four characters. A full box moves on to the next, a
 * Backspace in an empty box goes back, and a whole code pasted into any box fills all four.
 */
export function SchoolCodeInput({
  value,
  onChange,
  description,
  error,
  required,
  readOnly,
}: SchoolCodeInputProps) {
  const id = useId();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const labelId = `${id}-label`;
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;

  const focusBox = (index: number, caret: 'start' | 'end' = 'end') => {
    const box = boxes.current[index];
    if (!box) return;
    box.focus();
    const position = caret === 'start' ? 0 : box.value.length;
    box.setSelectionRange(position, position);
  };

  const changeBox = (index: number, raw: string) => {
    const cleaned = cleanSchoolCodeInput(raw, BOX_LENGTH);
    if (cleaned === value[index]) return;
    const next = [...value];
    next[index] = cleaned;
    onChange(next);
    if (cleaned.length === BOX_LENGTH && (value[index]?.length ?? 0) < BOX_LENGTH) {
      if (index < BOX_COUNT - 1) focusBox(index + 1);
    }
  };

  const pasteIntoBox = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = cleanSchoolCodeInput(event.clipboardData.getData('text'));
    if (pasted.length <= BOX_LENGTH) return; // a box's worth: the browser inserts it, changeBox cleans it
    event.preventDefault();
    let next: string[];
    if (pasted.length === SCHOOL_CODE_LENGTH) {
      next = splitSchoolCode(pasted);
    } else {
      // Part of a code: fill this box and spill into the following ones.
      next = [...value];
      for (let box = index, start = 0; box < BOX_COUNT && start < pasted.length; box += 1) {
        next[box] = pasted.slice(start, start + BOX_LENGTH);
        start += BOX_LENGTH;
      }
    }
    onChange(next);
    const firstOpen = next.findIndex((part) => part.length < BOX_LENGTH);
    focusBox(firstOpen === -1 ? BOX_COUNT - 1 : firstOpen);
  };

  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    const box = event.currentTarget;
    const atStart = box.selectionStart === 0 && box.selectionEnd === 0;
    const atEnd = box.selectionStart === box.value.length;
    if (event.key === 'Backspace' && box.value === '' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && atStart && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && atEnd && index < BOX_COUNT - 1) {
      event.preventDefault();
      focusBox(index + 1, 'start');
    }
  };

  return (
    <Input.Wrapper
      label={MESSAGES.registerPage.schoolCodeLabel}
      labelElement="div"
      labelProps={{ id: labelId }}
      description={description}
      descriptionProps={{ id: descriptionId }}
      error={error}
      errorProps={{ id: errorId }}
      required={required}
    >
      <Group
        role="group"
        aria-labelledby={labelId}
        aria-describedby={[descriptionId, errorId].filter(Boolean).join(' ') || undefined}
        gap={6}
        wrap="nowrap"
        mt={4}
      >
        {Array.from({ length: BOX_COUNT }, (_, index) => {
          const from = index * BOX_LENGTH + 1;
          return (
            // The dashes sit between the boxes, not inside them: inside, they made the first box
            // (the only one without a dash) wider than the other three.
            <Fragment key={index}>
              {index > 0 && (
                <Text c="dimmed" aria-hidden="true">
                  –
                </Text>
              )}
              <Input
                ref={(element: HTMLInputElement | null) => {
                  boxes.current[index] = element;
                }}
                value={value[index] ?? ''}
                onChange={(event) => changeBox(index, event.currentTarget.value)}
                onPaste={(event) => pasteIntoBox(index, event)}
                onKeyDown={(event) => keyDown(index, event)}
                aria-label={MESSAGES.registerPage.schoolCodeBox(from, from + BOX_LENGTH - 1)}
                aria-invalid={Boolean(error)}
                aria-required={required}
                error={Boolean(error)}
                readOnly={readOnly}
                autoComplete="off"
                autoCapitalize="characters"
                autoCorrect="off"
                spellCheck={false}
                style={{ flex: 1, minWidth: 0 }}
                styles={{
                  input: {
                    textAlign: 'center',
                    fontFamily: 'var(--mantine-font-family-monospace)',
                    letterSpacing: '0.12em',
                    paddingInline: 4,
                  },
                }}
              />
            </Fragment>
          );
        })}
      </Group>
    </Input.Wrapper>
  );
}
