import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { EndpointGroup } from '../../functions/src/manifest';
import { Api } from '../../infra/lib/constructs/api';
import { Storage } from '../../infra/lib/constructs/storage';
import { WorkspaceTable } from '../../infra/lib/constructs/table';
import { REPO_ROOT } from '../../infra/lib/paths';
import { readStageSettings } from '../../infra/lib/settings';
import { WorkspaceStack, type WorkspaceStackProps } from '../../infra/lib/workspace-stack';

/** CloudFormation values as they appear in a template (intrinsics are plain objects). */
// biome-ignore lint/suspicious/noExplicitAny: template JSON is untyped by nature
export type Cfn = any;

export interface Synthesized {
  app: App;
  stack: WorkspaceStack;
  template: Template;
  outdir: string;
}

/** cdk.json's context (feature flags included), so the tests synthesize what `cdk synth` does. */
function cdkJsonContext(): Record<string, unknown> {
  return JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')).context;
}

/**
 * Synthesizes the stack the way infra/bin/app.ts does, with extra context on top of cdk.json's.
 * `bundle: false` skips esbuild (CDK's bundling-stacks context), for tests that only read the
 * template of a second configuration.
 */
export function synthWorkspace(
  context: Record<string, unknown>,
  props: Partial<WorkspaceStackProps> & { bundle?: boolean } = {},
): Synthesized {
  const { bundle = true, ...stackProps } = props;
  const outdir = mkdtempSync(join(tmpdir(), 'workspace-cdk-'));
  const app = new App({
    outdir,
    context: { ...cdkJsonContext(), ...context, ...(bundle ? {} : { 'aws:cdk:bundling-stacks': [] }) },
  });
  const settings = readStageSettings(app.node);
  const stack = new WorkspaceStack(app, `Workspace-${settings.stage}`, { ...settings, ...stackProps });
  return { app, stack, template: Template.fromStack(stack), outdir };
}

/**
 * The template of the Api construct alone, on its own table and storage, for `groups` (endpoint
 * groups as the manifest declares them), without bundling: what the background tests read.
 */
export function apiTemplate(id: string, groups: readonly EndpointGroup[]): Template {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new Stack(app, id);
  new Api(stack, 'Api', {
    table: new WorkspaceTable(stack, 'Table'),
    storage: new Storage(stack, 'Storage'),
    publicOrigin: 'https://pm.example.com',
    stage: 'test',
    frontDoorSecret: 'front-door-secret-of-the-test',
    groups: [...groups],
  });
  return Template.fromStack(stack);
}

/** The logical id of a construct's CloudFormation resource. */
export function logicalId(stack: WorkspaceStack, construct: { node: { defaultChild?: unknown } }): string {
  // biome-ignore lint/suspicious/noExplicitAny: defaultChild is a CfnElement here
  return stack.getLogicalId(construct.node.defaultChild as any);
}

export const asArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

export interface Statement {
  policy: string;
  Effect: string;
  Action: string[];
  Resource: Cfn[];
}

/** Every IAM statement of the template: AWS::IAM::Policy documents and roles' inline policies. */
export function iamStatements(template: Template): Statement[] {
  const statements: Statement[] = [];
  const add = (policy: string, document: Cfn) => {
    for (const s of document.Statement ?? []) {
      statements.push({
        policy,
        Effect: s.Effect,
        Action: asArray(s.Action ?? []),
        Resource: asArray(s.Resource ?? []),
      });
    }
  };
  for (const [id, policy] of Object.entries(template.findResources('AWS::IAM::Policy'))) {
    add(id, (policy as Cfn).Properties.PolicyDocument);
  }
  for (const [id, role] of Object.entries(template.findResources('AWS::IAM::Role'))) {
    for (const inline of (role as Cfn).Properties.Policies ?? [])
      add(`${id}/${inline.PolicyName}`, inline.PolicyDocument);
  }
  return statements;
}
