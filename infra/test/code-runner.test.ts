import { describe, expect, it } from 'vitest';
import { routeList } from '@meld/shared';
import { afterBundling, CODE_RUNNER_MEMORY_MB, CODE_RUNNER_TIMEOUT_SECONDS } from '../lib/constructs/code-runner.ts';
import { synth } from './support/synth.ts';
import { referencedId, referencedIds, resources, routeFunctions, type Resource } from './support/template.ts';

const { template } = synth();
const functions = routeFunctions(template);
const [runnerId, runner] = resources(template, 'AWS::Lambda::Function').find(([id]) => id.startsWith('CodeRunnerFunction'))!;
const props = runner.Properties!;
const roleId = referencedId(props.Role)!;
const policies = resources(template, 'AWS::IAM::Policy');
const asList = (value: unknown) => (Array.isArray(value) ? value : [value]);
const statementsOf = (role: string) =>
  policies.filter(([, policy]) => referencedIds(policy.Properties?.Roles).has(role)).flatMap(([, policy]) => (policy.Properties?.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement);
const invokes = (statement: Record<string, unknown>) => asList(statement.Action).includes('lambda:InvokeFunction');

describe('the code-runner Lambda', () => {
  it('is a plain function on Node 22 arm64 with room for Pyodide, reached by no API route or URL', () => {
    expect(props.Runtime).toBe('nodejs22.x');
    expect(props.Architectures).toEqual(['arm64']);
    expect(props.MemorySize).toBe(CODE_RUNNER_MEMORY_MB);
    expect(props.Timeout).toBe(CODE_RUNNER_TIMEOUT_SECONDS);
    const reachedBy = [...resources(template, 'AWS::Lambda::Permission'), ...resources(template, 'AWS::Lambda::Url')].filter(([, resource]) => referencedIds(resource.Properties).has(runnerId));
    expect(reachedBy).toEqual([]);
  });

  it("carries the sandbox's own Node for its architecture beside the handler, where the handler looks for it (decision 0025)", () => {
    // Runs start on this Node, never the function's own 22, whose permission model leaves the
    // network (the runtime API on localhost) open.
    expect(props.Architectures).toEqual(['arm64']);
    expect(afterBundling('/in', '/out').at(-1)).toBe('node "/in/scripts/ensure-sandbox-node.mjs" --arch arm64 --copy-to "/out/sandbox-node"');
  });

  it('knows no table, bucket or secret', () => {
    const env = (props.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(Object.keys(env)).toEqual(['NODE_OPTIONS']);
    // A run shares the function's user: SIGUSR1 must not open the server's inspector.
    expect(env.NODE_OPTIONS).toBe('--enable-source-maps --disable-sigusr1');
  });

  it('has a role that may only write its logs; attaching to its VPC is Lambda\'s, denied to the function\'s own code', () => {
    const managed = asList((resources(template, 'AWS::IAM::Role').find(([id]) => id === roleId)![1].Properties as { ManagedPolicyArns: unknown }).ManagedPolicyArns);
    const names = managed.map((arn) => JSON.stringify(arn).match(/service-role\/(\w+)/)?.[1]).sort();
    expect(names).toEqual(['AWSLambdaBasicExecutionRole', 'AWSLambdaVPCAccessExecutionRole']);
    const statements = statementsOf(roleId);
    expect(statements).toEqual([expect.objectContaining({ Effect: 'Deny', Action: 'ec2:*', Resource: '*', Sid: 'NoNetworkInterfacesFromFunctionCode' })]);
    expect(statements[0]!.Condition).toEqual({ Null: { 'lambda:SourceFunctionArn': 'false' } });
  });

  it('runs in isolated subnets with no way out: no NAT, no internet gateway, no endpoints, no outbound rule', () => {
    const vpcConfig = props.VpcConfig as { SubnetIds: unknown[]; SecurityGroupIds: unknown[] };
    expect(vpcConfig.SubnetIds.length).toBe(2);
    expect(resources(template, 'AWS::EC2::NatGateway')).toEqual([]);
    expect(resources(template, 'AWS::EC2::InternetGateway')).toEqual([]);
    expect(resources(template, 'AWS::EC2::VPCEndpoint')).toEqual([]);
    const routes = resources(template, 'AWS::EC2::Route');
    expect(routes).toEqual([]);
    const [groupId] = [...referencedIds(vpcConfig.SecurityGroupIds)];
    const group = resources(template, 'AWS::EC2::SecurityGroup').find(([id]) => id === groupId)![1] as Resource;
    // CDK's way of saying "no egress": one rule to a single unroutable address.
    expect(group.Properties?.SecurityGroupEgress).toEqual([expect.objectContaining({ CidrIp: '255.255.255.255/32', Description: 'Disallow all traffic' })]);
    expect(group.Properties?.SecurityGroupIngress).toBeUndefined();
  });
});

describe('invoking the code runner', () => {
  const callers = routeList.filter((route) => route.lambda?.codeRunner);

  it('is allowed to the routes that run code (the Run button\'s, the agents\' chat), each given the function name and that one function', () => {
    expect(callers.map((route) => route.handler)).toContain('tools/call-tool');
    for (const caller of callers) {
      const { props: route } = functions.get(caller.handler)!;
      expect(referencedId((route.Environment as { Variables: Record<string, unknown> }).Variables.MELD_CODE_RUNNER_FUNCTION)).toBe(runnerId);
      const statements = statementsOf(referencedId(route.Role)!).filter(invokes);
      expect(statements.length).toBe(1);
      expect([...referencedIds(statements[0]!.Resource)]).toEqual([runnerId]);
    }
  });

  it('is allowed to no other route', () => {
    for (const route of routeList.filter((each) => !each.lambda?.codeRunner)) {
      const { props: other } = functions.get(route.handler)!;
      expect(statementsOf(referencedId(other.Role)!).filter(invokes)).toEqual([]);
      expect((other.Environment as { Variables: Record<string, unknown> }).Variables).not.toHaveProperty('MELD_CODE_RUNNER_FUNCTION');
    }
  });

  it('is left out, VPC and all, when no route runs code', () => {
    const { template: without } = synth({ routes: routeList.filter((route) => !route.lambda?.codeRunner) });
    expect(resources(without, 'AWS::Lambda::Function').filter(([id]) => id.startsWith('CodeRunner'))).toEqual([]);
    expect(resources(without, 'AWS::EC2::VPC')).toEqual([]);
  });
});
