import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { TABLE_SCHEMA } from '@meld/shared';
import { Construct } from 'constructs';

/** The single DynamoDB table, shaped by the shared TABLE_SCHEMA the local runtime also uses. */
export interface DataTableProps {
  /** Keep the table, under deletion protection, when the stack goes (prod); dev tables go with it. */
  retain: boolean;
}

export class DataTable extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string, props: DataTableProps) {
    super(scope, id);
    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_SCHEMA.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_SCHEMA.sortKey, type: AttributeType.STRING },
      // Pilot traffic is spiky and small: pay per request, nothing to tune.
      billingMode: BillingMode.PAY_PER_REQUEST,
      // Restores to any second of the last 35 days into a new table (docs/operations.md, "Restore").
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE_SCHEMA.ttlAttribute,
      // Keys only: the background worker reads a new job item by its key (decision 0034).
      stream: StreamViewType.KEYS_ONLY,
      // Real users' data outlives the stack: deleting the stack must not delete the table.
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      deletionProtection: props.retain,
    });
    for (const index of TABLE_SCHEMA.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      });
    }
  }
}
