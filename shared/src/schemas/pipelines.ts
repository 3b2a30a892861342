/**
 * Pipelines (`/api/pms/{identifier}/pipelines/...` and `/api/pms/{identifier}/actions/...`):
 * pipelines of a repository and project, defined in YAML (shared/src/domain/pipeline-definition.ts)
 * with the history of every saved definition, and the enterprise's catalogue of node types,
 * action nodes, node inputs and templates. The catalogue's writes are form-encoded, as spec
 * section 7 says; the pipelines' are JSON. Calls and rules: docs/pipelines.md.
 */
import * as z from 'zod';
import {
  CATALOGUE_KEY_PATTERN,
  INPUT_NAME_PATTERN,
  NODE_INPUT_TYPES,
  PIPELINE_ICONS,
} from '../domain/pipeline-catalogue';
import { MAX_DEFINITION_CHARS } from '../domain/pipeline-definition';
import { RUN_STATES, RUN_TRIGGERS } from '../domain/pipeline-run';
import { IdSchema, messages, optionalText, PageQuerySchema, text, VersionSchema } from './common';
import { UserSummarySchema } from './projects';

const YamlSchema = z
  .string({ error: messages.required('yaml') })
  .min(1, messages.required('yaml'))
  .max(MAX_DEFINITION_CHARS, messages.tooLong('yaml', MAX_DEFINITION_CHARS))
  .meta({ description: 'The definition (docs/pipelines.md "The definition")' });

// ---- pipelines ------------------------------------------------------------------------------

export const PipelineTriggerSchema = z.object({
  manual: z.boolean(),
  branches: z.array(z.string()).meta({ description: 'Pushes to these branches start it (globs)' }),
  cron: z.string().nullable(),
});

/** What a pipeline's card shows of its newest run. */
export const PipelineLastRunSchema = z.object({
  number: z.number().int(),
  status: z.enum(RUN_STATES),
  trigger: z.enum(RUN_TRIGGERS),
  branch: z.string(),
  queuedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
});
export type PipelineLastRun = z.infer<typeof PipelineLastRunSchema>;

/** A pipeline as lists show it. */
export const PipelineSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    repositoryId: z.string(),
    repositoryName: z.string(),
    projectId: z.string(),
    enabled: z.boolean(),
    trigger: PipelineTriggerSchema,
    stageCount: z.number().int(),
    jobCount: z.number().int(),
    /** The number of the definition saved last (1 for the first). */
    revision: z.number().int(),
    /** The newest run (null before the first). */
    lastRun: PipelineLastRunSchema.nullable(),
    creator: UserSummarySchema.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'Pipeline' });
export type Pipeline = z.infer<typeof PipelineSchema>;

/** One pipeline with its definition. */
export const PipelineDetailSchema = PipelineSchema.extend({ yaml: z.string() }).meta({
  id: 'PipelineDetail',
});
export type PipelineDetail = z.infer<typeof PipelineDetailSchema>;

export const PipelineListQuerySchema = PageQuerySchema.extend({
  repositoryId: z.string().max(64).optional(),
  projectId: z.string().max(64).optional(),
  keyword: z.string().trim().max(100).optional(),
});
export type PipelineListQuery = z.infer<typeof PipelineListQuerySchema>;

export const PipelineCreateBodySchema = z
  .object({
    repositoryId: IdSchema('the repository'),
    projectId: IdSchema('the project'),
    yaml: YamlSchema.optional(),
    templateId: z.string().max(64).optional().meta({ description: "Start from this template's definition" }),
  })
  .refine((body) => (body.yaml === undefined) !== (body.templateId === undefined), {
    message: 'Give either a YAML definition or a template id',
    path: ['yaml'],
  });
export type PipelineCreateBody = z.infer<typeof PipelineCreateBodySchema>;

export const PipelineUpdateBodySchema = z.object({
  version: VersionSchema,
  projectId: IdSchema('the project').meta({
    description: 'Move the pipeline to another project of its repository',
  }),
});
export type PipelineUpdateBody = z.infer<typeof PipelineUpdateBodySchema>;

export const SaveYamlBodySchema = z.object({
  version: VersionSchema,
  yaml: YamlSchema,
  message: optionalText('message', 200),
});
export type SaveYamlBody = z.infer<typeof SaveYamlBodySchema>;

export const VersionBodySchema = z.object({ version: VersionSchema });

/** One saved definition. */
export const PipelineRevisionSchema = z
  .object({
    revision: z.number().int(),
    yaml: z.string(),
    message: z.string(),
    author: UserSummarySchema.nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'PipelineRevision' });
export type PipelineRevision = z.infer<typeof PipelineRevisionSchema>;

// ---- the catalogue (form-encoded writes) -----------------------------------------------------

/** A form's `true` / `false` (a checkbox sends `on`; an unchecked one sends nothing). */
const formBoolean = z
  .enum(['true', 'false', 'on', '1', '0'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === 'on' || v === '1');
const formVersion = z.coerce.number({ error: 'Please enter version' }).int().min(1);
const formSort = z.coerce.number({ error: 'sort must be a number' }).int().min(0).max(10_000).default(0);
const catalogueKey = (label: string) =>
  z
    .string({ error: messages.required(label) })
    .trim()
    .regex(
      CATALOGUE_KEY_PATTERN,
      `${label} must be lower-case letters, digits and -, starting with a letter`,
    );

export const NodeTypeSchema = z
  .object({
    id: z.string(),
    key: z.string(),
    name: z.string(),
    icon: z.enum(PIPELINE_ICONS),
    description: z.string(),
    sort: z.number().int(),
    nodeCount: z.number().int(),
    version: z.number().int(),
  })
  .meta({ id: 'PipelineNodeType' });
export type NodeType = z.infer<typeof NodeTypeSchema>;

const nodeTypeFields = {
  name: text('name', 60),
  icon: z.enum(PIPELINE_ICONS, { error: `icon must be one of ${PIPELINE_ICONS.join(', ')}` }),
  description: optionalText('description', 500),
  sort: formSort,
};
export const NodeTypeCreateFormSchema = z.object({ key: catalogueKey('key'), ...nodeTypeFields });
export type NodeTypeCreateForm = z.infer<typeof NodeTypeCreateFormSchema>;
export const NodeTypeUpdateFormSchema = z.object({ version: formVersion, ...nodeTypeFields });
export type NodeTypeUpdateForm = z.infer<typeof NodeTypeUpdateFormSchema>;

export const NodeInputSchema = z
  .object({
    id: z.string(),
    nodeId: z.string(),
    name: z.string(),
    label: z.string(),
    type: z.enum(NODE_INPUT_TYPES),
    required: z.boolean(),
    defaultValue: z.union([z.string(), z.number(), z.boolean()]).nullable(),
    options: z.array(z.string()),
    pattern: z.string().nullable(),
    description: z.string(),
    sort: z.number().int(),
    version: z.number().int(),
  })
  .meta({ id: 'PipelineNodeInput' });
export type NodeInput = z.infer<typeof NodeInputSchema>;

const nodeInputFields = {
  label: text('label', 60),
  type: z.enum(NODE_INPUT_TYPES, { error: `type must be one of ${NODE_INPUT_TYPES.join(', ')}` }),
  required: formBoolean.default(false),
  defaultValue: z
    .string()
    .max(2000)
    .optional()
    .meta({ description: 'Written as text; read by the type (a number, true / false, one of the options)' }),
  options: z.string().max(2000).optional().meta({ description: 'A select input: one option per line' }),
  pattern: z.string().max(200).optional().meta({ description: 'A regular expression a string must match' }),
  description: optionalText('description', 500),
  sort: formSort,
};
export const NodeInputCreateFormSchema = z.object({
  nodeId: IdSchema('the action node'),
  name: z
    .string({ error: messages.required('name') })
    .trim()
    .regex(INPUT_NAME_PATTERN, 'name must be letters, digits and _, not starting with a digit'),
  ...nodeInputFields,
});
export type NodeInputCreateForm = z.infer<typeof NodeInputCreateFormSchema>;
export const NodeInputUpdateFormSchema = z.object({ version: formVersion, ...nodeInputFields });
export type NodeInputUpdateForm = z.infer<typeof NodeInputUpdateFormSchema>;
export const NodeInputListQuerySchema = z.object({ nodeId: IdSchema('the action node') });

export const ActionNodeSchema = z
  .object({
    id: z.string(),
    key: z.string(),
    name: z.string(),
    nodeTypeId: z.string(),
    nodeTypeKey: z.string(),
    icon: z.enum(PIPELINE_ICONS),
    description: z.string(),
    commandTemplate: z.string(),
    inputs: z.array(NodeInputSchema),
    sort: z.number().int(),
    version: z.number().int(),
  })
  .meta({ id: 'PipelineActionNode' });
export type ActionNode = z.infer<typeof ActionNodeSchema>;

const actionNodeFields = {
  name: text('name', 60),
  nodeTypeId: IdSchema('the node type'),
  description: optionalText('description', 500),
  commandTemplate: text('the command template', 4000),
  sort: formSort,
};
export const ActionNodeCreateFormSchema = z.object({ key: catalogueKey('key'), ...actionNodeFields });
export type ActionNodeCreateForm = z.infer<typeof ActionNodeCreateFormSchema>;
export const ActionNodeUpdateFormSchema = z.object({ version: formVersion, ...actionNodeFields });
export type ActionNodeUpdateForm = z.infer<typeof ActionNodeUpdateFormSchema>;

export const PipelineTemplateSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    icon: z.enum(PIPELINE_ICONS),
    description: z.string(),
    yaml: z.string(),
    sort: z.number().int(),
    version: z.number().int(),
  })
  .meta({ id: 'PipelineTemplate' });
export type PipelineTemplate = z.infer<typeof PipelineTemplateSchema>;

const templateFields = {
  name: text('name', 100),
  icon: z.enum(PIPELINE_ICONS, { error: `icon must be one of ${PIPELINE_ICONS.join(', ')}` }),
  description: optionalText('description', 500),
  yaml: YamlSchema,
  sort: formSort,
};
export const TemplateCreateFormSchema = z.object(templateFields);
export type TemplateCreateForm = z.infer<typeof TemplateCreateFormSchema>;
export const TemplateUpdateFormSchema = z.object({ version: formVersion, ...templateFields });
export type TemplateUpdateForm = z.infer<typeof TemplateUpdateFormSchema>;
