import type { Icon } from '@tabler/icons-react';
import { CreateButton } from '../ListPage/CreateButton';
import { NothingYet } from '../ListPage/ListPage';

/** What a panel says while it has nothing yet: written once per panel, as data. */
export interface Invitation {
  icon: Icon;
  /** "No test sheets yet". */
  title: string;
  /** What the panel's things are for. */
  description: string;
  /** The button that makes the first one: "Create a test sheet". */
  createLabel: string;
  testId: string;
}

/**
 * A project panel with nothing in it yet (no sheets, no reports): the roomy invitation that says
 * what the panel is for, with the button that makes the first one for those who may (`onCreate`).
 */
export function PanelInvitation({ invitation, onCreate }: { invitation: Invitation; onCreate?: () => void }) {
  const { icon: InvitationIcon, createLabel, ...texts } = invitation;
  return (
    <NothingYet
      panel
      icon={<InvitationIcon size={32} />}
      {...texts}
      action={onCreate && <CreateButton onClick={onCreate}>{createLabel}</CreateButton>}
    />
  );
}
