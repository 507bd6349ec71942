# cos/sin caches made by torch itself and held in an engine's narrow dtype, for
# tests/native/cast.test.js: the float32 pipeline as transformers runs it, then .to(bfloat16/float16).
#   inv_freq: huggingface/transformers src/transformers/modeling_rope_utils.py@ef46806472a64b0013ed413781e3afed82bfa047
#     (_compute_default_rope_parameters, _compute_llama3_parameters, _compute_yarn_parameters), step by step
#     in torch float32 as there
#   cos/sin:  huggingface/transformers src/transformers/models/llama/modeling_llama.py@5dd4a63548857797727ae73eeb6a6e886ea02a3e
#     (LlamaRotaryEmbedding.forward: inv_freq @ positions in float32, cat(freqs, freqs), cos()/sin() times
#     attention_scaling, .to(dtype))
# torch cannot write bfloat16 to .npy: the tables go to .safetensors written here (an 8-byte little-endian
# header length, the JSON header, the raw little-endian values), one as raw bfloat16 bits; the float16
# cos table also as a .npy.
# Usage: /usr/bin/python3 torch-caches.py OUTDIR   (writes the files and index.json)
import json
import math
import os
import struct
import sys

import numpy as np
import torch

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
index = {}
P = 32768


class Config:
    def __init__(self, d):
        self.__dict__.update(d)


def default_inv(config):
    base = config.rope_theta
    dim = int(config.hidden_size // config.num_attention_heads)
    return 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))


def llama3_inv(config):
    inv_freq = default_inv(config)
    rs = config.rope_scaling
    factor, low_freq_factor, high_freq_factor = rs['factor'], rs['low_freq_factor'], rs['high_freq_factor']
    old_context_len = rs['original_max_position_embeddings']
    low_freq_wavelen = old_context_len / low_freq_factor
    high_freq_wavelen = old_context_len / high_freq_factor
    wavelen = 2 * math.pi / inv_freq
    inv_freq_llama = torch.where(wavelen > low_freq_wavelen, inv_freq / factor, inv_freq)
    smooth_factor = (old_context_len / wavelen - low_freq_factor) / (high_freq_factor - low_freq_factor)
    smoothed_inv_freq = (1 - smooth_factor) * inv_freq_llama / factor + smooth_factor * inv_freq_llama
    is_medium_freq = ~(wavelen < high_freq_wavelen) * ~(wavelen > low_freq_wavelen)
    return torch.where(is_medium_freq, smoothed_inv_freq, inv_freq_llama), 1.0


def yarn_inv(config):
    base = config.rope_theta
    dim = int(config.hidden_size // config.num_attention_heads)
    max_position_embeddings = config.max_position_embeddings
    factor = config.rope_scaling['factor']
    attention_factor = 0.1 * math.log(factor) + 1.0
    beta_fast, beta_slow = 32, 1

    def find_correction_dim(num_rotations):
        return (dim * math.log(max_position_embeddings / (num_rotations * 2 * math.pi))) / (2 * math.log(base))

    low = max(math.floor(find_correction_dim(beta_fast)), 0)
    high = min(math.ceil(find_correction_dim(beta_slow)), dim - 1)
    if low == high:
        high += 0.001
    ramp = torch.clamp((torch.arange(dim // 2, dtype=torch.float32) - low) / (high - low), 0, 1)
    pos_freqs = base ** (torch.arange(0, dim, 2).float() / dim)
    inv_freq_extrapolation = 1.0 / pos_freqs
    inv_freq_interpolation = 1.0 / (factor * pos_freqs)
    extrapolation_factor = 1 - ramp.float()
    inv = inv_freq_interpolation * (1 - extrapolation_factor) + inv_freq_extrapolation * extrapolation_factor
    return inv, attention_factor


def cos_sin(inv_freq, attention_scaling, dtype):
    position_ids = torch.arange(P, dtype=torch.int64)[None, :]
    inv_freq_expanded = inv_freq[None, :, None].float().expand(position_ids.shape[0], -1, 1)
    position_ids_expanded = position_ids[:, None, :].float()
    freqs = (inv_freq_expanded.float() @ position_ids_expanded.float()).transpose(1, 2)
    emb = torch.cat((freqs, freqs), dim=-1)
    cos = emb.cos() * attention_scaling
    sin = emb.sin() * attention_scaling
    return cos.to(dtype=dtype)[0], sin.to(dtype=dtype)[0]


def raw_bytes(t):
    # the little-endian bits of each element (bfloat16 through an int16 view: numpy has no bfloat16)
    t = t.contiguous()
    if t.dtype in (torch.bfloat16, torch.float16):
        return t.view(torch.int16).numpy().astype('<i2').tobytes()
    return t.numpy().astype('<f4').tobytes()


def save_safetensors(name, tensors):
    st = {torch.bfloat16: 'BF16', torch.float16: 'F16', torch.float32: 'F32'}
    header, blobs, at = {}, [], 0
    for key, t in tensors.items():
        raw = raw_bytes(t)
        header[key] = {'dtype': st[t.dtype], 'shape': list(t.shape), 'data_offsets': [at, at + len(raw)]}
        blobs.append(raw)
        at += len(raw)
    text = json.dumps(header).encode()
    text += b' ' * (-len(text) % 8)
    with open(os.path.join(out, name), 'wb') as f:
        f.write(struct.pack('<Q', len(text)) + text + b''.join(blobs))


# Llama 3.1 8B: head_dim 128, rope_theta 500000, llama3 scaling (factor 8, low 1, high 4, original 8192)
LLAMA = {'model_type': 'llama', 'hidden_size': 4096, 'num_attention_heads': 32, 'num_hidden_layers': 2,
         'max_position_embeddings': 131072, 'rope_theta': 500000.0,
         'rope_scaling': {'rope_type': 'llama3', 'factor': 8.0, 'low_freq_factor': 1.0, 'high_freq_factor': 4.0,
                          'original_max_position_embeddings': 8192}}
# Qwen3 with YaRN as its model card adds it: factor 4 over 32768, rope_theta 1e6, head_dim 128
QWEN3 = {'model_type': 'qwen3', 'hidden_size': 4096, 'num_attention_heads': 32, 'head_dim': 128, 'num_hidden_layers': 2,
         'max_position_embeddings': 32768, 'rope_theta': 1000000.0,
         'rope_scaling': {'rope_type': 'yarn', 'factor': 4.0, 'original_max_position_embeddings': 32768}}

inv, af = llama3_inv(Config(LLAMA))
for dtype, tag in [(torch.bfloat16, 'bf16'), (torch.float16, 'f16')]:
    c, s = cos_sin(inv, af, dtype)
    save_safetensors(f'llama31-{tag}.safetensors', {'cos': c, 'sin': s})
    index[f'llama31 {tag}'] = {'file': f'llama31-{tag}.safetensors', 'config': LLAMA,
                               'dtype': 'bfloat16' if tag == 'bf16' else 'float16'}
    if tag == 'bf16':
        with open(os.path.join(out, 'llama31-cos-bf16.bin'), 'wb') as f:
            f.write(raw_bytes(c))
        index['llama31 bf16 raw'] = {'file': 'llama31-cos-bf16.bin', 'shape': list(c.shape), 'config': LLAMA,
                                     'dtype': 'bfloat16'}
    else:  # numpy holds float16: the .npy says its dtype
        np.save(os.path.join(out, 'llama31-cos-f16.npy'), c.numpy())
        index['llama31 f16 npy'] = {'file': 'llama31-cos-f16.npy', 'config': LLAMA, 'dtype': 'float16'}

yinv, yaf = yarn_inv(Config(QWEN3))
c, s = cos_sin(yinv, yaf, torch.bfloat16)
save_safetensors('qwen3-yarn-bf16.safetensors', {'cos': c, 'sin': s})
index['qwen3 yarn bf16'] = {'file': 'qwen3-yarn-bf16.safetensors', 'config': QWEN3, 'dtype': 'bfloat16'}

# the same Llama pipeline with rope_theta 10000: a real mistake, in bfloat16
wrong = dict(LLAMA, rope_theta=10000.0)
winv, _ = llama3_inv(Config(wrong))
c, s = cos_sin(winv, 1.0, torch.bfloat16)
save_safetensors('llama31-base10k-bf16.safetensors', {'cos': c, 'sin': s})
index['llama31 base 10000 bf16'] = {'file': 'llama31-base10k-bf16.safetensors', 'config': LLAMA, 'dtype': 'bfloat16',
                                    'expect': {'cause': 'base', 'fix': {'base': 10000}}}

with open(os.path.join(out, 'index.json'), 'w') as f:
    json.dump(index, f, indent=1)
