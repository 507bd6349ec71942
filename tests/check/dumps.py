# Dumps for tests/native/check.test.js, written at test time: transformers' float32 RoPE pipeline
# (modeling_rope_utils.py's inv_freq computations, LlamaRotaryEmbedding.forward: float32 inv_freq,
# float32 products position * inv_freq, cat(freqs, freqs), cos/sin times attention_scaling)
# transcribed in numpy, for a few models, correct and with one mistake each.
# Usage: /usr/bin/python3 dumps.py OUTDIR   (writes .npy and .safetensors files and index.json)
import json
import math
import os
import struct
import sys

import numpy as np

f32 = np.float32
out = sys.argv[1]
os.makedirs(out, exist_ok=True)
index = {}


def pow32(base, exps):
    # base ** exps in float32, correctly rounded (the float64 power rounded once). numpy's vectorised
    # float32 power is one ulp off for some elements on AVX-512 machines (500000 ** (4/128) there gives
    # 1.5069292, not 1.506929), which would make the dumps depend on the machine that writes them.
    return np.power(np.float64(f32(base)), exps.astype(np.float64)).astype(f32)


def default_inv(base, r):
    exps = np.arange(0, r, 2, dtype=np.int64).astype(f32) / f32(r)
    return (f32(1.0) / pow32(base, exps)).astype(f32)


def llama3_inv(base, r, factor, low, high, orig):
    inv = default_inv(base, r)
    low_wl, high_wl = orig / low, orig / high
    wl = (f32(2 * math.pi) / inv).astype(f32)
    llama = np.where(wl > f32(low_wl), inv / f32(factor), inv).astype(f32)
    smooth = ((f32(orig) / wl - f32(low)) / f32(high - low)).astype(f32)
    smoothed = ((f32(1) - smooth) * llama / f32(factor) + smooth * llama).astype(f32)
    medium = ~(wl < f32(high_wl)) & ~(wl > f32(low_wl))
    return np.where(medium, smoothed, llama).astype(f32)


def yarn_inv(base, r, factor, orig, beta_fast=32, beta_slow=1):
    pos = pow32(base, np.arange(0, r, 2, dtype=np.int64).astype(f32) / f32(r))
    extra = (f32(1.0) / pos).astype(f32)
    inter = (f32(1.0) / (f32(factor) * pos)).astype(f32)

    def dim_of(rot):
        return (r * math.log(orig / (rot * 2 * math.pi))) / (2 * math.log(base))

    low, high = max(math.floor(dim_of(beta_fast)), 0), min(math.ceil(dim_of(beta_slow)), r - 1)
    if low == high:
        high += 0.001
    ramp = np.clip((np.arange(r // 2, dtype=f32) - f32(low)) / f32(high - low), 0, 1).astype(f32)
    ef = (f32(1) - ramp).astype(f32)
    inv = (inter * (f32(1) - ef) + extra * ef).astype(f32)
    return inv, 0.1 * math.log(factor) + 1.0


def tables(inv, positions, af=1.0, gptj=False, half=False):
    pos = np.asarray(positions, dtype=np.int64).astype(f32)
    freqs = (inv[:, None].astype(f32) @ pos[None, :]).T.astype(f32)  # [P, r/2], each one f32 product
    if half:
        emb = freqs
    elif gptj:
        emb = np.repeat(freqs, 2, axis=1)
    else:
        emb = np.concatenate([freqs, freqs], axis=1)
    emb = np.ascontiguousarray(emb)
    return (np.cos(emb) * f32(af)).astype(f32), (np.sin(emb) * f32(af)).astype(f32)


def bf16_bits(a):
    u = np.ascontiguousarray(a, dtype=f32).view(np.uint32).astype(np.uint64)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def save_npy(name, a):
    np.save(os.path.join(out, name), a)


def save_safetensors(name, tensors):
    header, blobs, at = {}, [], 0
    for key, (dtype, arr) in tensors.items():
        if dtype == 'BF16':
            raw = bf16_bits(arr).tobytes()
        else:
            raw = np.ascontiguousarray(arr).astype({'F32': '<f4', 'F16': '<f2', 'F64': '<f8'}[dtype]).tobytes()
        header[key] = {'dtype': dtype, 'shape': list(arr.shape), 'data_offsets': [at, at + len(raw)]}
        blobs.append(raw)
        at += len(raw)
    header['__metadata__'] = {'format': 'pt'}
    text = json.dumps(header).encode()
    text += b' ' * (-len(text) % 8)
    with open(os.path.join(out, name), 'wb') as f:
        f.write(struct.pack('<Q', len(text)) + text + b''.join(blobs))


def case(name, target, expect, **files):
    index[name] = {'target': target, 'expect': expect, **files}


# Llama 3.1 8B: head_dim 128, rope_theta 500000, llama3 scaling
LLAMA = {'model_type': 'llama', 'hidden_size': 4096, 'num_attention_heads': 32, 'num_hidden_layers': 2,
         'max_position_embeddings': 131072, 'rope_theta': 500000.0,
         'rope_scaling': {'rope_type': 'llama3', 'factor': 8.0, 'low_freq_factor': 1.0, 'high_freq_factor': 4.0,
                          'original_max_position_embeddings': 8192}}
P = 4096
inv = llama3_inv(500000, 128, 8, 1, 4, 8192)
c, s = tables(inv, range(P))
save_npy('llama-exact.npy', np.stack([c, s]))
save_safetensors('llama-exact.safetensors', {'rotary.cos': ('F32', c), 'rotary.sin': ('F32', s)})
case('llama exact', {'config': LLAMA}, None, npy='llama-exact.npy', safetensors='llama-exact.safetensors')
save_npy('llama-inv.npy', inv)
case('llama inv_freq exact', {'config': LLAMA}, None, npy='llama-inv.npy')
# a long table: the bound at positions up to 32767
cl, sl = tables(inv, range(0, 32768, 8))
save_npy('llama-long-cos.npy', cl)
index['llama long'] = {'target': {'config': LLAMA}, 'step': 8, 'npy': 'llama-long-cos.npy'}

c, s = tables(inv, range(P), gptj=True)
save_npy('llama-gptj.npy', np.stack([c, s]))
save_safetensors('llama-gptj.safetensors', {'cos': ('F32', c), 'sin': ('F32', s)})
case('llama gptj pairs', {'config': LLAMA}, {'cause': 'layout', 'fix': {'layout': 'gptj'}}, npy='llama-gptj.npy',
     safetensors='llama-gptj.safetensors')

inv10k = llama3_inv(10000, 128, 8, 1, 4, 8192)
c, s = tables(inv10k, range(P))
save_npy('llama-base.npy', np.stack([c, s], axis=1))  # [P, 2, 128]: the other order of axes
save_safetensors('llama-base.safetensors', {'rotary.cos': ('F32', c)})
case('llama base 10000', {'config': LLAMA}, {'cause': 'base', 'fix': {'base': 10000}}, npy='llama-base.npy',
     safetensors='llama-base.safetensors')

c, s = tables(inv, range(1, P + 1))
save_npy('llama-offset.npy', np.stack([c, s]))
save_safetensors('llama-offset.safetensors', {'rotary.sin': ('F32', s)})
case('llama offset 1', {'config': LLAMA}, {'cause': 'offset', 'fix': {'offset': 1}}, npy='llama-offset.npy',
     safetensors='llama-offset.safetensors')

c, s = tables(inv, range(P))
save_safetensors('llama-bf16.safetensors', {'cos': ('BF16', c), 'sin': ('BF16', s), 'inv_freq': ('F32', inv)})
bc = (bf16_bits(c).astype(np.uint32) << 16).view(f32)
bs = (bf16_bits(s).astype(np.uint32) << 16).view(f32)
save_npy('llama-bf16.npy', np.stack([bc, bs]))
# the .npy holds the bf16 values as float32 (nothing says bf16: the diagnosis finds it); the .safetensors
# says BF16, and the reference is rounded to it
case('llama bf16 table', {'config': LLAMA}, {'cause': 'precision', 'fix': {'dtype': 'bfloat16'}}, npy='llama-bf16.npy')
case('llama bf16 file', {'config': LLAMA}, None, safetensors='llama-bf16.safetensors')

c, s = tables(inv, range(P), half=True)
save_npy('llama-half.npy', np.stack([c, s]))
save_safetensors('llama-half.safetensors', {'cos': ('F32', c)})
case('llama half width', {'config': LLAMA}, {'cause': 'half-width'}, npy='llama-half.npy', safetensors='llama-half.safetensors')

c, s = tables(inv, range(P))
save_npy('llama-swapped.npy', np.stack([s, c]))
case('llama cos and sin swapped', {'config': LLAMA}, {'cause': 'half-width', 'fix': {'what': 'sin-cos'}}, npy='llama-swapped.npy')

# A YaRN model (Qwen-style: factor 4 over 32768, rope_theta 1e6): attention factor 0.1 ln 4 + 1
YARN = {'model_type': 'qwen2', 'hidden_size': 2048, 'num_attention_heads': 16, 'num_hidden_layers': 2,
        'max_position_embeddings': 131072, 'rope_theta': 1000000.0,
        'rope_scaling': {'rope_type': 'yarn', 'factor': 4.0, 'original_max_position_embeddings': 32768}}
yinv, yaf = yarn_inv(1e6, 128, 4, 32768)
c, s = tables(yinv, range(P), af=yaf)
save_npy('yarn-exact.npy', np.stack([c, s]))
save_safetensors('yarn-exact.safetensors', {'cos': ('F32', c), 'sin': ('F32', s)})
case('yarn exact', {'config': YARN}, None, npy='yarn-exact.npy', safetensors='yarn-exact.safetensors')
c, s = tables(yinv, range(P), af=1.0)
save_npy('yarn-noaf.npy', np.stack([c, s]))
save_safetensors('yarn-noaf.safetensors', {'cos': ('F32', c), 'sin': ('F32', s)})
case('yarn attention factor missing', {'config': YARN},
     {'cause': 'attention-factor', 'fix': {'ropeScaling': {'attention_factor': 1}}}, npy='yarn-noaf.npy',
     safetensors='yarn-noaf.safetensors')
c, s = tables(default_inv(1e6, 128), range(P))
save_npy('yarn-none.npy', np.stack([c, s]))
case('yarn scaling left out', {'config': YARN}, {'cause': 'scaling', 'fix': {'ropeScaling': None}}, npy='yarn-none.npy')

# A partial-rotary model (StableLM-style: head 80, partial_rotary_factor 0.4: r = 32, base 10000):
# q rotated as HF does (q[..., :r] by rotate_half, the rest passed), and mispaired across the head
PARTIAL = {'model_type': 'stablelm', 'hidden_size': 2560, 'num_attention_heads': 32, 'num_hidden_layers': 2,
           'max_position_embeddings': 4096, 'rope_theta': 10000.0, 'partial_rotary_factor': 0.4}
D, R, PP = 80, 32, 64
rng = np.random.default_rng(5)
q = rng.standard_normal((PP, D)).astype(f32)
pinv = default_inv(10000, R)
c, s = tables(pinv, range(PP))


def rotate_half(x):
    h = x.shape[-1] // 2
    return np.concatenate([-x[..., h:], x[..., :h]], axis=-1)


qr = q[:, :R]
good = np.concatenate([(qr * c + rotate_half(qr) * s).astype(f32), q[:, R:]], axis=1)
wc = np.ones((PP, D), f32)
ws = np.zeros((PP, D), f32)
wc[:, :R // 2] = c[:, :R // 2]
wc[:, D // 2:D // 2 + R // 2] = c[:, :R // 2]
ws[:, :R // 2] = s[:, :R // 2]
ws[:, D // 2:D // 2 + R // 2] = s[:, :R // 2]
bad = (q * wc + rotate_half(q) * ws).astype(f32)
save_npy('partial-q.npy', q)
save_npy('partial-rotated.npy', good)
save_npy('partial-mispaired.npy', bad)
save_safetensors('partial.safetensors', {'q': ('F32', q), 'q_rot': ('F32', good), 'q_rot_bad': ('F32', bad)})
index['partial exact'] = {'target': {'config': PARTIAL}, 'expect': None, 'npy': 'partial-rotated.npy', 'input': 'partial-q.npy',
                          'safetensors': 'partial.safetensors', 'tensor': 'q_rot', 'inputTensor': 'q'}
index['partial mispaired'] = {'target': {'config': PARTIAL}, 'expect': {'cause': 'rotary-part', 'fix': {'pairing': 'whole-head'}},
                              'npy': 'partial-mispaired.npy', 'input': 'partial-q.npy', 'safetensors': 'partial.safetensors',
                              'tensor': 'q_rot_bad', 'inputTensor': 'q'}
# the plain float32 pipeline (no scaling) for the bit comparison with freqDtype float32
c, s = tables(default_inv(500000, 128), range(0, 65536, 16))
save_npy('plain-f32.npy', np.stack([c, s]))

# .npy in every version and dtype readTensor takes
a = np.arange(24, dtype=np.float64).reshape(2, 3, 4) / 7
for dt in ['<f8', '<f4', '<f2', '<i8', '<i4']:
    np.save(os.path.join(out, f'dtype{dt[1:]}.npy'), (a * 7).astype(dt) if dt[1] == 'i' else a.astype(dt))
for v in [(1, 0), (2, 0), (3, 0)]:
    with open(os.path.join(out, f'version{v[0]}.npy'), 'wb') as f:
        np.lib.format.write_array(f, a.astype(f32), version=v)
np.save(os.path.join(out, 'fortran.npy'), np.asfortranarray(a.astype(f32)))
np.save(os.path.join(out, 'bigendian.npy'), a.astype('>f4'))
np.save(os.path.join(out, 'complex.npy'), a.astype(np.complex64))
with open(os.path.join(out, 'index.json'), 'w') as f:
    json.dump(index, f, indent=1)
