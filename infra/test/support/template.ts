import type { Template } from 'aws-cdk-lib/assertions';
import { ROUTE_TAG } from '../../lib/constructs/route-function.ts';

export interface Resource {
  Type: string;
  Properties?: Record<string, unknown> & { Tags?: { Key: string; Value: string }[] };
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
}

export function resources(template: Template, type: string): [string, Resource][] {
  const all = (template.toJSON() as { Resources: Record<string, Resource> }).Resources;
  return Object.entries(all).filter(([, resource]) => resource.Type === type);
}

/** Route functions by handler, found by their `meld:route` tag. */
export function routeFunctions(template: Template): Map<string, { id: string; props: Record<string, unknown> }> {
  const found = new Map<string, { id: string; props: Record<string, unknown> }>();
  for (const [id, resource] of resources(template, 'AWS::Lambda::Function')) {
    const tag = resource.Properties?.Tags?.find((t) => t.Key === ROUTE_TAG);
    if (tag) found.set(tag.Value, { id, props: resource.Properties ?? {} });
  }
  return found;
}

/** The logical id a `{ Ref }` or `{ Fn::GetAtt: [id, attr] }` points at, if that is what `value` is. */
export function referencedId(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const ref = (value as { Ref?: unknown }).Ref;
  if (typeof ref === 'string') return ref;
  const getAtt = (value as { 'Fn::GetAtt'?: unknown })['Fn::GetAtt'];
  if (Array.isArray(getAtt) && typeof getAtt[0] === 'string') return getAtt[0];
  return undefined;
}

/** Every logical id referenced anywhere inside `value`. */
export function referencedIds(value: unknown): Set<string> {
  const ids = new Set<string>();
  const walk = (node: unknown): void => {
    const id = referencedId(node);
    if (id) ids.add(id);
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  walk(value);
  return ids;
}
