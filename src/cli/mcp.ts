import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer } from '../mcp/server.js';
import { IndexHolder } from '../service/holder.js';
import { stdio } from './terminal.js';

// (stdout carries the protocol alone: nothing else is written to it)
export async function mcpCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { db: { type: 'string' } } });
  const holder = new IndexHolder(values.db);
  const server = createMcpServer((fn) => holder.use(fn), process.env.npm_package_version ?? '0.1.0');
  const transport = new StdioServerTransport(process.stdin, stdio('stdout'));
  await server.connect(transport);
  await new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.close();
  await holder.close();
  return 0;
}
