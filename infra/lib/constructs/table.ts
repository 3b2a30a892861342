import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table } from 'aws-cdk-lib/aws-dynamodb';
import type { Grant, IGrantable } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { TABLE_DEFINITION } from '../definitions';

export interface WorkspaceTableProps {
  /**
   * Keep the table when the stack (or the resource) is deleted, and turn on deletion protection.
   * @default false (a dev table goes away with its stack)
   */
  readonly retain?: boolean;
}

/**
 * The one single-table-design table, shaped by TABLE_DEFINITION (which the local stack also
 * reads, so DynamoDB Local has the same keys and indexes).
 */
export class WorkspaceTable extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string, props: WorkspaceTableProps = {}) {
    super(scope, id);
    const retain = props.retain ?? false;
    const { partitionKey, sortKey, globalSecondaryIndexes, timeToLiveAttribute } = TABLE_DEFINITION;

    this.table = new Table(this, 'Table', {
      partitionKey: { name: partitionKey, type: AttributeType.STRING },
      sortKey: { name: sortKey, type: AttributeType.STRING },
      // Traffic follows working hours and tenant count, not a steady rate: on-demand needs no tuning.
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute,
      deletionProtection: retain,
      removalPolicy: retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    for (const index of globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        // Overloaded indexes serve many entity types; KEYS_ONLY would cost a second read per item.
        projectionType: ProjectionType.ALL,
      });
    }
  }

  get tableName(): string {
    return this.table.tableName;
  }

  /** Item reads and writes on the table and its indexes; nothing on any other table. */
  grantReadWriteData(grantee: IGrantable): Grant {
    return this.table.grantReadWriteData(grantee);
  }
}
