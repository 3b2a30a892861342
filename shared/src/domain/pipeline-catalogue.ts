/**
 * Pipelines: the vocabulary of the catalogue (node types, action nodes and their inputs) and the
 * set every enterprise starts with: one node type per icon of spec section 4, the action nodes
 * built on them, and three templates. docs/pipelines.md describes each.
 */

/** Spec section 4's twelve icon names: job types and run states. */
export const PIPELINE_ICONS = [
  'Java',
  'cron',
  'default',
  'finished',
  'git',
  'go',
  'maven',
  'nodejs',
  'nodejs1',
  'running',
  'shell',
  'ssh',
] as const;
export type PipelineIcon = (typeof PIPELINE_ICONS)[number];

/**
 * The types a node input's value may have. `text` is a string written on several lines (a
 * script); `select` is one of the input's `options`.
 */
export const NODE_INPUT_TYPES = ['string', 'text', 'number', 'boolean', 'select'] as const;
export type NodeInputType = (typeof NODE_INPUT_TYPES)[number];

export type InputValue = string | number | boolean;

/** A key that YAML names a node type or an action node by: `npm-script`, `ssh-deploy`. */
export const CATALOGUE_KEY_PATTERN = /^[a-z][a-z0-9-]{0,47}$/;
/** A node input's name, as `with:` and `{{ inputs.<name> }}` write it. */
export const INPUT_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,47}$/;

/** What validating a definition needs to know of a node input. */
export interface NodeInputSpec {
  name: string;
  label: string;
  type: NodeInputType;
  required: boolean;
  /** Used when the step leaves the input out; null when there is none. */
  defaultValue: InputValue | null;
  /** The choices of a `select` input. */
  options: string[];
  /** A regular expression a string value must match in full; null when any will do. */
  pattern: string | null;
}

/** What validating a definition needs to know of an action node. */
export interface ActionNodeSpec {
  key: string;
  name: string;
  nodeTypeKey: string;
  commandTemplate: string;
  inputs: NodeInputSpec[];
}

export interface SeedNodeType {
  key: string;
  name: string;
  icon: PipelineIcon;
  description: string;
}

export interface SeedActionNode {
  key: string;
  name: string;
  nodeTypeKey: string;
  description: string;
  commandTemplate: string;
  inputs: (Omit<NodeInputSpec, 'options' | 'pattern' | 'label'> &
    Partial<Pick<NodeInputSpec, 'options' | 'pattern'>> & { label: string; description?: string })[];
}

export interface SeedTemplate {
  key: string;
  name: string;
  icon: PipelineIcon;
  description: string;
  yaml: string;
}

export const SEED_NODE_TYPES: readonly SeedNodeType[] = [
  { key: 'shell', name: 'Shell', icon: 'shell', description: 'Shell commands run in the checkout' },
  { key: 'nodejs', name: 'Node.js', icon: 'nodejs', description: 'npm scripts and installs' },
  { key: 'nodejs1', name: 'Node.js scripts', icon: 'nodejs1', description: 'Running a Node.js file' },
  { key: 'maven', name: 'Maven', icon: 'maven', description: 'Maven goals' },
  { key: 'java', name: 'Java', icon: 'Java', description: 'Running a Java program' },
  { key: 'go', name: 'Go', icon: 'go', description: 'Go builds and tests' },
  { key: 'git', name: 'Git', icon: 'git', description: 'Working with the checked-out commit' },
  { key: 'ssh', name: 'SSH deploy', icon: 'ssh', description: 'Commands run on a server over SSH' },
  { key: 'cron', name: 'Timing', icon: 'cron', description: 'Waiting and timed work' },
  { key: 'default', name: 'General', icon: 'default', description: 'Messages and other small steps' },
  { key: 'running', name: 'Running', icon: 'running', description: 'The icon of a job that is running' },
  { key: 'finished', name: 'Finished', icon: 'finished', description: 'The icon of a job that has ended' },
];

export const SEED_ACTION_NODES: readonly SeedActionNode[] = [
  {
    key: 'shell-script',
    name: 'Shell script',
    nodeTypeKey: 'shell',
    description: 'Runs a script with sh, in the checkout',
    commandTemplate: '{{ inputs.script }}',
    inputs: [{ name: 'script', label: 'Script', type: 'text', required: true, defaultValue: null }],
  },
  {
    key: 'npm-install',
    name: 'npm install',
    nodeTypeKey: 'nodejs',
    description: 'Installs the dependencies (npm ci follows the lockfile)',
    commandTemplate: 'npm {{ inputs.command }} --no-audit --no-fund',
    inputs: [
      {
        name: 'command',
        label: 'Command',
        type: 'select',
        required: true,
        defaultValue: 'ci',
        options: ['ci', 'install'],
      },
    ],
  },
  {
    key: 'npm-script',
    name: 'npm script',
    nodeTypeKey: 'nodejs',
    description: "Runs one of the package's scripts",
    commandTemplate: 'npm run {{ inputs.script }}',
    inputs: [
      {
        name: 'script',
        label: 'Script',
        type: 'string',
        required: true,
        defaultValue: 'test',
        pattern: '[A-Za-z0-9:._-]+',
      },
    ],
  },
  {
    key: 'node-run',
    name: 'Run a Node.js file',
    nodeTypeKey: 'nodejs1',
    description: 'node <file>',
    commandTemplate: 'node {{ inputs.file }}',
    inputs: [{ name: 'file', label: 'File', type: 'string', required: true, defaultValue: 'index.js' }],
  },
  {
    key: 'maven-build',
    name: 'Maven build',
    nodeTypeKey: 'maven',
    description: 'mvn in batch mode with the given goals',
    commandTemplate: 'mvn -B {{ inputs.goals }} -DskipTests={{ inputs.skipTests }}',
    inputs: [
      { name: 'goals', label: 'Goals', type: 'string', required: true, defaultValue: 'clean package' },
      { name: 'skipTests', label: 'Skip tests', type: 'boolean', required: false, defaultValue: false },
    ],
  },
  {
    key: 'java-run',
    name: 'Run a jar',
    nodeTypeKey: 'java',
    description: 'java -jar <jar> <arguments>',
    commandTemplate: 'java -jar {{ inputs.jar }} {{ inputs.args }}',
    inputs: [
      { name: 'jar', label: 'Jar file', type: 'string', required: true, defaultValue: null },
      { name: 'args', label: 'Arguments', type: 'string', required: false, defaultValue: '' },
    ],
  },
  {
    key: 'go-test',
    name: 'Go test',
    nodeTypeKey: 'go',
    description: 'go test of the given packages',
    commandTemplate: 'go test {{ inputs.packages }}',
    inputs: [{ name: 'packages', label: 'Packages', type: 'string', required: true, defaultValue: './...' }],
  },
  {
    key: 'git-info',
    name: 'Show the commit',
    nodeTypeKey: 'git',
    description: 'Prints the commit the job checked out',
    commandTemplate: 'git log -1 --format="%H %s"',
    inputs: [],
  },
  {
    key: 'ssh-deploy',
    name: 'SSH deploy',
    nodeTypeKey: 'ssh',
    description: 'Runs a script on a server over SSH (the key must already be trusted)',
    commandTemplate: "ssh -p {{ inputs.port }} {{ inputs.user }}@{{ inputs.host }} '{{ inputs.script }}'",
    inputs: [
      {
        name: 'host',
        label: 'Host',
        type: 'string',
        required: true,
        defaultValue: null,
        pattern: '[A-Za-z0-9.-]+',
      },
      {
        name: 'user',
        label: 'User',
        type: 'string',
        required: true,
        defaultValue: 'deploy',
        pattern: '[a-z_][a-z0-9_-]*',
      },
      { name: 'port', label: 'Port', type: 'number', required: true, defaultValue: 22 },
      { name: 'script', label: 'Script', type: 'text', required: true, defaultValue: null },
    ],
  },
  {
    key: 'wait',
    name: 'Wait',
    nodeTypeKey: 'cron',
    description: 'Waits the given number of seconds',
    commandTemplate: 'sleep {{ inputs.seconds }}',
    inputs: [{ name: 'seconds', label: 'Seconds', type: 'number', required: true, defaultValue: 10 }],
  },
  {
    key: 'echo',
    name: 'Message',
    nodeTypeKey: 'default',
    description: 'Writes a message to the log',
    commandTemplate: 'echo "{{ inputs.message }}"',
    inputs: [{ name: 'message', label: 'Message', type: 'string', required: true, defaultValue: null }],
  },
];

export const SEED_TEMPLATES: readonly SeedTemplate[] = [
  {
    key: 'nodejs-build-test',
    name: 'Node.js build and test',
    icon: 'nodejs',
    description: 'Installs with npm ci, then runs the build and the tests side by side',
    yaml: `name: Node.js build and test
trigger:
  manual: true
  push:
    branches: [main]
parameters:
  - name: NODE_ENV
    type: select
    default: test
    options: [test, production]
stages:
  - id: install
    name: Install
    jobs:
      - id: install
        name: Install
        steps:
          - id: commit
            uses: git-info
          - id: install
            uses: npm-install
            with:
              command: ci
  - id: verify
    name: Verify
    jobs:
      - id: build
        name: Build
        steps:
          - id: install
            uses: npm-install
          - id: build
            uses: npm-script
            with:
              script: build
      - id: test
        name: Test
        steps:
          - id: install
            uses: npm-install
          - id: test
            uses: npm-script
            with:
              script: test
`,
  },
  {
    key: 'maven-build',
    name: 'Maven build',
    icon: 'maven',
    description: 'Packages with Maven, then runs the tests',
    yaml: `name: Maven build
trigger:
  manual: true
  push:
    branches: [main, release/*]
stages:
  - id: package
    name: Package
    jobs:
      - id: package
        name: Package
        steps:
          - id: package
            uses: maven-build
            with:
              goals: clean package
              skipTests: true
  - id: test
    name: Test
    jobs:
      - id: test
        name: Test
        steps:
          - id: test
            uses: maven-build
            with:
              goals: verify
`,
  },
  {
    key: 'shell-deploy',
    name: 'Shell deploy',
    icon: 'ssh',
    description: 'Builds with a script, then deploys over SSH to the host given at start',
    yaml: `name: Shell deploy
trigger:
  manual: true
parameters:
  - name: HOST
    type: string
    default: staging.example.com
    description: The server to deploy to
stages:
  - id: build
    name: Build
    jobs:
      - id: build
        name: Build
        steps:
          - id: build
            uses: shell-script
            with:
              script: |
                ./build.sh
  - id: deploy
    name: Deploy
    jobs:
      - id: deploy
        name: Deploy
        steps:
          - id: deploy
            uses: ssh-deploy
            with:
              host: "{{ params.HOST }}"
              script: ./deploy.sh
`,
  },
];
