import { Drawer } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { accessGuard } from '../lib/route-guards';
import { SpecDetail } from './-components/requirements/SpecDetail';

/**
 * A spec of the plan, in a drawer over the plan's page (the layout route renders the page).
 * The address names the spec, so it can be linked, reloaded and left with Back.
 */
export const Route = createFileRoute('/$identifier/products/$productId/plan/$planId/$needsId')({
  beforeLoad: accessGuard('products'),
  component: SpecDrawer,
});

function SpecDrawer() {
  const { identifier, productId, planId, needsId } = Route.useParams();
  const navigate = Route.useNavigate();
  // Opening slides the drawer in; closing lets it slide out, then returns to the plan's address.
  const [opened, setOpened] = useState(false);
  useEffect(() => setOpened(true), []);
  const backToPlan = () =>
    void navigate({
      to: '/$identifier/products/$productId/plan/$planId',
      params: { identifier, productId, planId },
    });

  return (
    <Drawer
      opened={opened}
      onClose={() => setOpened(false)}
      onExitTransitionEnd={backToPlan}
      position="right"
      size="min(880px, 100vw)"
      padding="lg"
      title="Requirement spec"
    >
      <SpecDetail key={needsId} productId={productId} specId={needsId} variant="drawer" />
    </Drawer>
  );
}
