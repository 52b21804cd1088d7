// The entry point loads the server only once the young generation is held: loading and compiling
// the server's modules is start-up's biggest burst of allocation (see lib/start-up-heap.ts).
import { holdYoungGeneration } from './lib/start-up-heap.js';

holdYoungGeneration();
await import('./start.js');
