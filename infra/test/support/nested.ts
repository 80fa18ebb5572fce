import { NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';

type Json = unknown;
interface TemplateJson {
  Resources: Record<string, { Type: string; Properties?: { Parameters?: Record<string, Json> } }>;
  Outputs?: Record<string, { Value: Json }>;
  [section: string]: Json;
}

/** A copy of `node` with every object `replace` answers for swapped for its answer. */
function rewrite(node: Json, replace: (node: object) => Json): Json {
  if (Array.isArray(node)) return node.map((item) => rewrite(item, replace));
  if (!node || typeof node !== 'object') return node;
  const replaced = replace(node);
  if (replaced !== undefined) return replaced;
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, rewrite(value, replace)]));
}

/** The nested stacks whose parent is `stack`. */
export function nestedStacksOf(stack: Stack): NestedStack[] {
  return stack.node.findAll().filter((node): node is NestedStack => node instanceof NestedStack && node.nestedStackParent === stack);
}

/**
 * `stack` and all its nested stacks as one template, as if they were a single stack: each nested
 * stack's parameters are replaced by the values the parent passes, and each `Outputs.*` the parent
 * reads by the nested expression behind it, so a reference across stacks points straight at the
 * resource it names. The nested stack resources themselves are left out. Tests that check what
 * a function may reach, or which function a route invokes, read this view; it fails on clashing
 * logical ids rather than let one resource hide another.
 */
export function flattenedTemplate(stack: Stack): Template {
  return Template.fromJSON(flattenedJson(stack) as Record<string, unknown>);
}

function flattenedJson(stack: Stack): TemplateJson {
  const json = Template.fromStack(stack).toJSON() as TemplateJson;
  const resources = { ...json.Resources };
  const outputsByStack = new Map<string, Record<string, Json>>();

  for (const nested of nestedStacksOf(stack)) {
    const resourceId = stack.getLogicalId(nested.nestedStackResource!);
    const parameters = resources[resourceId]?.Properties?.Parameters ?? {};
    const fromParent = (node: object) => {
      const ref = (node as { Ref?: unknown }).Ref;
      return typeof ref === 'string' && ref in parameters ? parameters[ref] : undefined;
    };
    const inner = flattenedJson(nested);
    for (const [id, resource] of Object.entries(inner.Resources)) {
      if (id in resources) throw new Error(`Logical id ${id} is in both ${stack.node.path} and ${nested.node.path}`);
      resources[id] = rewrite(resource, fromParent) as TemplateJson['Resources'][string];
    }
    outputsByStack.set(
      resourceId,
      Object.fromEntries(Object.entries(inner.Outputs ?? {}).map(([name, output]) => [name, rewrite(output.Value, fromParent)])),
    );
    delete resources[resourceId];
  }

  const fromNested = (node: object) => {
    const getAtt = (node as { 'Fn::GetAtt'?: unknown })['Fn::GetAtt'];
    if (!Array.isArray(getAtt) || typeof getAtt[1] !== 'string' || !getAtt[1].startsWith('Outputs.')) return undefined;
    const outputs = outputsByStack.get(getAtt[0] as string);
    const name = getAtt[1].slice('Outputs.'.length);
    if (!outputs || !(name in outputs)) throw new Error(`No output ${name} in nested stack ${String(getAtt[0])}`);
    return outputs[name];
  };
  return { ...json, Resources: rewrite(resources, fromNested) as TemplateJson['Resources'], Outputs: rewrite(json.Outputs, fromNested) as TemplateJson['Outputs'] };
}
