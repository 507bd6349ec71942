# Reference values for tests/native/engines.test.js: what each inference engine computes for a config,
# written in numpy float64 from the engines' own code (each case cites the file and commit), apart
# from posenc's records and C. Usage: /usr/bin/python3 engines.py < cases.json > values.json
# cases.json: [{ name, engine, kind, config fields needed, positions }]; see the test for the list.
import json
import math
import sys

import numpy as np


def base_inv(base, r):
    return 1.0 / np.power(float(base), np.arange(0, r, 2, dtype=np.float64) / r)


def mscale(s, m=1.0):
    return 1.0 if s <= 1 else 0.1 * m * math.log(s) + 1.0


def yarn(base, r, factor, orig, beta_fast, beta_slow, truncate):
    # transformers modeling_rope_utils.py _compute_yarn_parameters; vLLM yarn_scaling_rope.py and
    # ggml_rope_yarn_corr_dims do the same with truncate always on
    def dim(rot):
        return r * math.log(orig / (rot * 2 * math.pi)) / (2 * math.log(base))

    low, high = dim(beta_fast), dim(beta_slow)
    if truncate:
        low, high = math.floor(low), math.ceil(high)
    low, high = max(low, 0), min(high, r - 1)
    if low == high:
        high += 0.001
    ramp = np.clip((np.arange(r // 2, dtype=np.float64) - low) / (high - low), 0, 1)
    ef = 1 - ramp
    inv = base_inv(base, r)
    return inv / factor * (1 - ef) + inv * ef


def case(c):
    k = c['kind']
    r = c['r']
    base = c['base']
    if k == 'longrope':
        # Phi3LongRoPEScaledRotaryEmbedding (vLLM phi3_long_rope_scaled_rope.py, SGLang rope_variant.py),
        # SuScaledRoPE (mlx-lm rope_utils.py): inv = 1 / (ext_k base^(2k/r)),
        # attention sqrt(1 + ln(s)/ln(orig)), s = max_position_embeddings / orig
        ext = np.array(c['long'] if c['use_long'] else c['short'], dtype=np.float64)
        inv = 1.0 / (ext * np.power(float(base), np.arange(0, r, 2, dtype=np.float64) / r))
        s = c['max_position_embeddings'] / c['orig']
        af = 1.0 if s <= 1 else math.sqrt(1 + math.log(s) / math.log(c['orig']))
    elif k == 'yarn':
        inv = yarn(base, r, c['factor'], c['orig'], c.get('beta_fast', 32), c.get('beta_slow', 1), c['truncate'])
        if c.get('attention_factor') is not None:
            af = c['attention_factor']
        elif c.get('mscale') and c.get('mscale_all_dim'):
            af = mscale(c['factor'], c['mscale']) / mscale(c['factor'], c['mscale_all_dim'])
        else:
            af = mscale(c['factor'])
    elif k == 'dynamic-fixed':
        # vLLM dynamic_ntk_scaling_rope.py DynamicNTKScalingRotaryEmbedding._compute_cos_sin_cache:
        # max_len = M f; base' = base ((f max_len / M) - (f - 1)) ** (r / (r - 2))
        f, M = c['factor'], c['max_position_embeddings']
        max_len = M * f
        b = base * ((f * max_len / M) - (f - 1)) ** (r / (r - 2))
        inv = base_inv(b, r)
        af = 1.0
    elif k == 'qwen-ntk':
        # Qwen/Qwen-7B modeling_qwen.py (zhangningboo/Qwen-7B@ffe04dd57f85293043ba999a2c0daa788d6182e9):
        # QWenModel.get_ntk_alpha: context_value = math.log(true_seq_len / seq_length, 2) + 1,
        # ntk_alpha = max(2 ** math.ceil(context_value) - 1, 1); RotaryEmbedding.update_rotary_pos_emb_cache:
        # base = self.base * ntk_alpha ** (dim / (dim - 2))
        context_value = math.log(c['seq_len'] / c['seq_length'], 2) + 1
        alpha = max(2 ** math.ceil(context_value) - 1, 1)
        inv = base_inv(base * alpha ** (r / (r - 2)), r)
        af = 1.0
    elif k == 'default':
        inv = base_inv(base, r)
        af = 1.0
    else:
        raise SystemExit('unknown kind ' + k)
    pos = np.array(c['positions'], dtype=np.float64)
    if c.get('modulo'):
        pos = np.mod(pos, c['modulo'])
    ang = pos[:, None] * inv[None, :]
    return {
        'inv': inv.tolist(),
        'attentionFactor': af,
        'cos': (np.cos(ang) * af).tolist(),
        'sin': (np.sin(ang) * af).tolist(),
    }


cases = json.load(sys.stdin)
json.dump({c['name']: case(c) for c in cases}, sys.stdout)
