/**
 * The catalogue: `/api/pms/{identifier}/actions/...` (spec section 7: `GET actions/nodes`, and
 * the family of action nodes, node types, templates and node inputs, whose writes are
 * form-encoded). Reading is for whoever may see pipelines (the editor's palette); writing needs
 * `pipeline:admin:edit`.
 */

import { createRouter } from '@core/http/group';
import { enterpriseOf, pathId, removeById } from '@core/http/handlers';
import { identifierParam } from '@core/http/params';
import {
  byIdentifier,
  created,
  created201,
  failures,
  ok,
  ok200,
  tenantRoute,
  tenantRoutes,
} from '@core/http/route';
import {
  ActionNodeCreateFormSchema,
  ActionNodeSchema,
  ActionNodeUpdateFormSchema,
  NodeInputCreateFormSchema,
  NodeInputListQuerySchema,
  NodeInputSchema,
  NodeInputUpdateFormSchema,
  NodeTypeCreateFormSchema,
  NodeTypeSchema,
  NodeTypeUpdateFormSchema,
  PipelineTemplateSchema,
  TemplateCreateFormSchema,
  TemplateUpdateFormSchema,
} from '@shared/schemas/pipelines';
import * as z from 'zod';
import * as catalogue from '../catalogue';
import { checkYaml } from '../pipelines';

const BASE = '/api/pms/{identifier}/actions';
const tags = ['pipeline catalogue'];
const tenant = byIdentifier('identifier');
const READ = 'pipeline:pipeline:list';
const WRITE = 'pipeline:admin:edit';
const baseParams = z.object({ identifier: identifierParam });
const idParams = z.object({ identifier: identifierParam, id: z.string().min(1).max(130) });

const formBody = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/x-www-form-urlencoded': { schema } },
  required: true,
});

const route = tenantRoutes(tenant, tags);

/** The five routes of one kind of catalogue item. */
function routesOf<Row extends z.ZodType, Create extends z.ZodType, Update extends z.ZodType>(
  path: string,
  noun: string,
  row: Row,
  forms: { create: Create; update: Update },
) {
  return {
    list: route.get(`${BASE}/${path}`, READ, {
      summary: `The enterprise's ${noun}s (the seeded set on the first read)`,
      request: { params: baseParams },
      responses: { ...ok200(z.array(row), `Every ${noun}`), ...failures(401, 403, 404) },
    }),
    create: route.post(`${BASE}/${path}`, WRITE, {
      summary: `Add a ${noun} (form-encoded)`,
      request: { params: baseParams, body: formBody(forms.create) },
      responses: { ...created201(row, `The ${noun}`), ...failures(400, 401, 403, 404, 409) },
    }),
    get: route.get(`${BASE}/${path}/{id}`, READ, {
      summary: `One ${noun}`,
      request: { params: idParams },
      responses: { ...ok200(row, `The ${noun}`), ...failures(401, 403, 404) },
    }),
    update: route.put(`${BASE}/${path}/{id}`, WRITE, {
      summary: `Change a ${noun} at the version read (form-encoded)`,
      request: { params: idParams, body: formBody(forms.update) },
      responses: { ...ok200(row, `The ${noun}`), ...failures(400, 401, 403, 404, 409) },
    }),
    remove: route.delete(`${BASE}/${path}/{id}`, WRITE, {
      summary: `Delete a ${noun} (409 while something uses it)`,
      request: { params: idParams },
      responses: { ...ok200(z.null(), 'Deleted'), ...failures(401, 403, 404, 409) },
    }),
  };
}

const types = routesOf('node_types', 'node type', NodeTypeSchema, {
  create: NodeTypeCreateFormSchema,
  update: NodeTypeUpdateFormSchema,
});
const nodes = routesOf('nodes', 'action node', ActionNodeSchema, {
  create: ActionNodeCreateFormSchema,
  update: ActionNodeUpdateFormSchema,
});
const inputs = routesOf('node_inputs', 'node input', NodeInputSchema, {
  create: NodeInputCreateFormSchema,
  update: NodeInputUpdateFormSchema,
});
const inputList = tenantRoute(tenant, READ, {
  ...inputs.list,
  summary: "One action node's inputs",
  request: { params: baseParams, query: NodeInputListQuerySchema },
  responses: { ...ok200(z.array(NodeInputSchema), "The node's inputs"), ...failures(400, 401, 403, 404) },
});
const templates = routesOf('templates', 'template', PipelineTemplateSchema, {
  create: TemplateCreateFormSchema,
  update: TemplateUpdateFormSchema,
});

/** A template's definition is checked like a pipeline's, so every template starts a valid pipeline. */
const yamlChecker = (c: Parameters<typeof enterpriseOf>[0]) => (yaml: string) =>
  checkYaml(enterpriseOf(c), yaml);

export const catalogueRoutes = createRouter()
  .openapi(types.list, async (c) => ok(c, await catalogue.listNodeTypes(enterpriseOf(c))))
  .openapi(types.create, async (c) =>
    created(c, await catalogue.createNodeType(enterpriseOf(c), c.req.valid('form'))),
  )
  .openapi(types.get, async (c) => ok(c, await catalogue.getNodeTypeView(enterpriseOf(c), pathId(c))))
  .openapi(types.update, async (c) =>
    ok(c, await catalogue.updateNodeType(enterpriseOf(c), pathId(c), c.req.valid('form'))),
  )
  .openapi(types.remove, removeById(catalogue.deleteNodeType))
  .openapi(nodes.list, async (c) => ok(c, await catalogue.listActionNodes(enterpriseOf(c))))
  .openapi(nodes.create, async (c) =>
    created(c, await catalogue.createActionNode(enterpriseOf(c), c.req.valid('form'))),
  )
  .openapi(nodes.get, async (c) => ok(c, await catalogue.getActionNodeView(enterpriseOf(c), pathId(c))))
  .openapi(nodes.update, async (c) =>
    ok(c, await catalogue.updateActionNode(enterpriseOf(c), pathId(c), c.req.valid('form'))),
  )
  .openapi(nodes.remove, removeById(catalogue.deleteActionNode))
  .openapi(inputList, async (c) =>
    ok(c, await catalogue.listInputsOfNode(enterpriseOf(c), c.req.valid('query').nodeId)),
  )
  .openapi(inputs.create, async (c) =>
    created(c, await catalogue.createInput(enterpriseOf(c), c.req.valid('form'))),
  )
  .openapi(inputs.get, async (c) => ok(c, await catalogue.getInputView(enterpriseOf(c), pathId(c))))
  .openapi(inputs.update, async (c) =>
    ok(c, await catalogue.updateInput(enterpriseOf(c), pathId(c), c.req.valid('form'))),
  )
  .openapi(inputs.remove, removeById(catalogue.deleteInput))
  .openapi(templates.list, async (c) => ok(c, await catalogue.listTemplates(enterpriseOf(c))))
  .openapi(templates.create, async (c) =>
    created(c, await catalogue.createTemplate(enterpriseOf(c), c.req.valid('form'), yamlChecker(c))),
  )
  .openapi(templates.get, async (c) => ok(c, await catalogue.getTemplateView(enterpriseOf(c), pathId(c))))
  .openapi(templates.update, async (c) =>
    ok(c, await catalogue.updateTemplate(enterpriseOf(c), pathId(c), c.req.valid('form'), yamlChecker(c))),
  )
  .openapi(templates.remove, removeById(catalogue.deleteTemplate));
