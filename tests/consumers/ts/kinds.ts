// Consumer: the per-kind types generated from the registry (web/kinds.d.ts). Each `@ts-expect-error`
// line must be an error: tsc fails if it type-checks (a kind or parameter type gone loose).
// tests/sites/typings.test.js checks this file against the repository's .d.ts (and a generated file that
// passes every parameter of every kind); tests/sites/consumers.test.js against the packed package.
import { load, type KindName, type ParamsOf, type DataOf, type RopeScaling } from 'posenc';

const pe = await load();

const table: Float32Array = pe.compute('rope', { dim: 8, ropeScaling: { rope_type: 'yarn', factor: 4 } }).data;
const buckets: Int32Array = pe.computeView('deberta', { queries: 4, keys: null }).data;
const rotated: Float32Array = pe.compute('rope-apply', { x: [1, 0, 0, 1], dim: 2 }).data;
const legacy: RopeScaling = { type: 'su', short_factor: new Float32Array(2), long_factor: [1, 1] };
const params: ParamsOf<'alibi'> = { heads: 4, form: 'mpt' };
const kind: KindName = 'alibi-slopes';
const slopes: DataOf<typeof kind> = pe.compute(kind).data;

// @ts-expect-error: a misspelt parameter
pe.compute('sinusoidal', { dims: 64 });
// @ts-expect-error: a parameter of another kind
pe.compute('t5', { dim: 64 });
// @ts-expect-error: not a kind
pe.compute('sinusiodal', { dim: 64 });
// @ts-expect-error: not a kind
pe.shape('rope-scaling');
// @ts-expect-error: not a layout
pe.compute('rope', { layout: 'neo' });
// @ts-expect-error: a misspelt rope_scaling key
pe.compute('rope', { ropeScaling: { rope_type: 'yarn', factr: 4 } });
// @ts-expect-error: not a rope_type
pe.compute('rope-frequencies', { ropeScaling: { type: 'yarnn' } });
// @ts-expect-error: a number, not a string
pe.compute('xpos', { scaleBase: '512' });
// @ts-expect-error: rope-apply needs x
pe.compute('rope-apply', { dim: 2 });
// @ts-expect-error: t5's data is an Int32Array
const wrong: Float32Array = pe.compute('t5').data;
// @ts-expect-error: alibi has no variant
const bad: ParamsOf<'alibi'> = { variant: 'fairseq' };

// Reading and checking a user's tensor
const tensor = pe.readTensor(new Uint8Array(0), { shape: [0], dtype: 'float32' });
const header = pe.tensorHeader(new Uint8Array(0), { fileSize: 0 });
const report = pe.check(tensor, { kind: 'rope', params: { dim: 64 } }, { what: 'cos-sin', tolerance: 1e-6 });
const cause: string | undefined = report.diagnosis[0]?.cause;
const perColumn: Float32Array = report.columnError;
const viaConfig = pe.check(tensor, { config: {}, layer: 0 });
// @ts-expect-error: not a way to read a table
pe.check(tensor, { kind: 'rope' }, { what: 'tan' });
// @ts-expect-error: not a dtype readTensor reads
pe.readTensor(new Uint8Array(0), { shape: [0], dtype: 'complex64' });

// A GGUF header and one of its tensors
const gguf = pe.readGGUF(new Uint8Array(0), { fileSize: Infinity });
const freqBase = gguf.metadata['llama.rope.freq_base'];
const ggufType: string = gguf.types['llama.rope.freq_base'];
const need: number = pe.ggufHeaderSize(new Uint8Array(0), { fileSize: 1e9 });
const ropeFreqs: Float32Array = pe.ggufTensor(gguf, 'rope_freqs.weight', new Uint8Array(0));
// @ts-expect-error: a metadata value is not a Float32Array
const wrongValue: Float32Array = gguf.metadata['llama.rope.freq_base'];

console.log(table, buckets, rotated, legacy, params, slopes, wrong, bad, header.tensors, cause, perColumn, viaConfig.exact,
  freqBase, ggufType, need, ropeFreqs, wrongValue);
