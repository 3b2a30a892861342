import { App } from 'aws-cdk-lib';
import { readStageSettings } from '../lib/settings';
import { WorkspaceStack } from '../lib/workspace-stack';

const app = new App();
const settings = readStageSettings(app.node);

// Environment-agnostic on purpose: synth needs no account or region lookups (works offline),
// and `cdk deploy` takes both from the caller's AWS profile.
new WorkspaceStack(app, `Workspace-${settings.stage}`, {
  ...settings,
  description: `Workspace project management (${settings.stage})`,
});
