import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { MESSAGES } from '@stem/contract/messages';

const G = MESSAGES.answerGroups;

export type TMarkingView = 'one' | 'groups';

/** Which view of the marking screen is shown (issue 27): remembered in the browser. */
export function useMarkingView() {
  return useLocalStorage<TMarkingView>({
    key: 'stem:class-marking:view',
    defaultValue: 'one',
    getInitialValueInEffect: false,
  });
}

/** One answer at a time, or the answer groups. */
export function MarkingViewSwitch({
  value,
  onChange,
}: {
  value: TMarkingView;
  onChange: (view: TMarkingView) => void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="class-marking-view-label">
        {G.viewLabel}
      </Text>
      <SegmentedControl
        size="xs"
        value={value}
        onChange={(next) => onChange(next === 'groups' ? 'groups' : 'one')}
        data={[
          { value: 'one', label: G.oneAtATime },
          { value: 'groups', label: G.groupsView },
        ]}
        aria-labelledby="class-marking-view-label"
        data-testid="class-marking-view"
      />
    </Stack>
  );
}
