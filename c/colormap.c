/* Colormaps: values -> RGBA8 through matplotlib's 256-entry tables (see posenc.h, "Colormaps").
 * The tables are matplotlib 3.6.3's cmap(np.arange(256), bytes=True), generated once with Debian's
 * python3-matplotlib; the build does not depend on it. tests/browser/explorer.test.js checks entries against
 * the published data (matplotlib _cm_listed.py, _cm.py). Stored as bytes (R, G, B), written 0xRRGGBB.
 * In wasm the loops run four values per SIMD128 step: the index arithmetic in f64x2, exactly the
 * scalar code's double operations, then one table load per lane (SIMD128 has no gather). */
#include <string.h>
#include "internal.h"
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
/* Loops kept small (no vectorizing or unrolling): tails of < 8 values, fix-ups, table set-up, the
 * scalar rule for flat limits, and pe_colormap_sample's per-pixel gathers and copies (which have no
 * SIMD128 form: no gather). */
#define CM_TAIL _Pragma("clang loop vectorize(disable) unroll(disable)")
#else
#define CM_TAIL
#endif

/* The colormap registry: C(id, name, title, centred). centred: default limits symmetric about 0. */
#define PE_COLORMAPS(C) \
  C(COOLWARM, "coolwarm", "coolwarm (Moreland's diverging map, matplotlib's; the seed's)", 0) \
  C(VIRIDIS, "viridis", "viridis (perceptually uniform, matplotlib's default)", 0) \
  C(CIVIDIS, "cividis", "cividis (uniform and colour-vision-deficiency friendly)", 0) \
  C(RDBU, "rdbu", "RdBu_r, diverging, centred on 0 (blue negative, red positive)", 1)

#define H(c) (uint8_t)((c) >> 16), (uint8_t)((c) >> 8), (uint8_t)(c)
static const uint8_t lut_COOLWARM[768] = { /* matplotlib coolwarm */
  H(0x3a4cc0), H(0x3b4dc1), H(0x3c4fc3), H(0x3e51c4), H(0x3f53c6), H(0x4054c7), H(0x4156c9), H(0x4258ca), H(0x435acc), H(0x455bcd),
  H(0x465dcf), H(0x475fd0), H(0x4860d1), H(0x4962d3), H(0x4b64d4), H(0x4c66d6), H(0x4d67d7), H(0x4e69d8), H(0x506bda), H(0x516cdb),
  H(0x526edc), H(0x5370dd), H(0x5571de), H(0x5673e0), H(0x5775e1), H(0x5876e2), H(0x5a78e3), H(0x5b79e4), H(0x5c7be5), H(0x5d7de6),
  H(0x5f7ee7), H(0x6080e8), H(0x6182ea), H(0x6383ea), H(0x6485eb), H(0x6586ec), H(0x6788ed), H(0x6889ee), H(0x698bef), H(0x6b8df0),
  H(0x6c8ef1), H(0x6d90f1), H(0x6f91f2), H(0x7093f3), H(0x7194f4), H(0x7395f4), H(0x7497f5), H(0x7598f6), H(0x779af6), H(0x789bf7),
  H(0x7a9df8), H(0x7b9ef8), H(0x7ca0f9), H(0x7ea1f9), H(0x7fa2fa), H(0x80a4fa), H(0x82a5fb), H(0x83a6fb), H(0x85a8fb), H(0x86a9fc),
  H(0x87aafc), H(0x89acfc), H(0x8aadfd), H(0x8baefd), H(0x8daffd), H(0x8eb1fd), H(0x90b2fe), H(0x91b3fe), H(0x92b4fe), H(0x94b5fe),
  H(0x95b7fe), H(0x97b8fe), H(0x98b9fe), H(0x99bafe), H(0x9bbbfe), H(0x9cbcfe), H(0x9dbdfe), H(0x9fbefe), H(0xa0bffe), H(0xa2c0fe),
  H(0xa3c1fe), H(0xa4c2fe), H(0xa6c3fd), H(0xa7c4fd), H(0xa8c5fd), H(0xaac6fd), H(0xabc7fc), H(0xacc8fc), H(0xaec9fc), H(0xafcafb),
  H(0xb0cbfb), H(0xb2cbfb), H(0xb3ccfa), H(0xb4cdfa), H(0xb6cef9), H(0xb7cff9), H(0xb8cff8), H(0xb9d0f8), H(0xbbd1f7), H(0xbcd1f6),
  H(0xbdd2f6), H(0xbed3f5), H(0xc0d3f5), H(0xc1d4f4), H(0xc2d4f3), H(0xc3d5f2), H(0xc5d5f2), H(0xc6d6f1), H(0xc7d6f0), H(0xc8d7ef),
  H(0xc9d7ee), H(0xcad8ee), H(0xccd8ed), H(0xcdd9ec), H(0xced9eb), H(0xcfd9ea), H(0xd0dae9), H(0xd1dae8), H(0xd2dae7), H(0xd3dbe6),
  H(0xd5dbe5), H(0xd6dbe4), H(0xd7dbe2), H(0xd8dbe1), H(0xd9dce0), H(0xdadcdf), H(0xdbdcde), H(0xdcdcdd), H(0xdddcdb), H(0xdedbda),
  H(0xdfdbd9), H(0xe0dad7), H(0xe1dad6), H(0xe2d9d4), H(0xe3d9d3), H(0xe4d8d1), H(0xe5d8d0), H(0xe6d7cf), H(0xe7d6cd), H(0xe7d6cc),
  H(0xe8d5ca), H(0xe9d4c9), H(0xead3c7), H(0xebd3c6), H(0xecd2c4), H(0xecd1c3), H(0xedd0c1), H(0xedcfc0), H(0xeecfbe), H(0xefcebc),
  H(0xefcdbb), H(0xf0ccb9), H(0xf1cbb8), H(0xf1cab6), H(0xf2c9b5), H(0xf2c8b3), H(0xf2c7b2), H(0xf3c6b0), H(0xf3c5af), H(0xf4c4ad),
  H(0xf4c3ab), H(0xf4c2aa), H(0xf5c1a8), H(0xf5c0a7), H(0xf5bfa5), H(0xf6bda4), H(0xf6bca2), H(0xf6bba0), H(0xf6ba9f), H(0xf6b99d),
  H(0xf6b79c), H(0xf6b69a), H(0xf7b598), H(0xf7b397), H(0xf7b295), H(0xf7b194), H(0xf7b092), H(0xf7ae91), H(0xf7ad8f), H(0xf6ab8d),
  H(0xf6aa8c), H(0xf6a98a), H(0xf6a789), H(0xf6a687), H(0xf6a486), H(0xf6a384), H(0xf5a182), H(0xf5a081), H(0xf59e7f), H(0xf49d7e),
  H(0xf49b7c), H(0xf49a7b), H(0xf39879), H(0xf39678), H(0xf39576), H(0xf29375), H(0xf29173), H(0xf19072), H(0xf18e70), H(0xf08d6f),
  H(0xf08b6d), H(0xef896c), H(0xee876a), H(0xee8669), H(0xed8467), H(0xec8266), H(0xec8064), H(0xeb7f63), H(0xea7d61), H(0xea7b60),
  H(0xe9795e), H(0xe8775d), H(0xe7755c), H(0xe6745a), H(0xe67259), H(0xe57057), H(0xe46e56), H(0xe36c54), H(0xe26a53), H(0xe16852),
  H(0xe06650), H(0xdf644f), H(0xde624e), H(0xdd604c), H(0xdc5e4b), H(0xdb5c4a), H(0xda5a48), H(0xd95847), H(0xd85646), H(0xd75444),
  H(0xd65243), H(0xd44f42), H(0xd34d40), H(0xd24b3f), H(0xd1493e), H(0xcf463d), H(0xce443c), H(0xcd423a), H(0xcc3f39), H(0xca3d38),
  H(0xc93b37), H(0xc83835), H(0xc63534), H(0xc53233), H(0xc43032), H(0xc22d31), H(0xc12a30), H(0xbf282e), H(0xbe232d), H(0xbc1f2c),
  H(0xbb1a2b), H(0xb9162a), H(0xb81129), H(0xb60d28), H(0xb50827), H(0xb30326),
};
static const uint8_t lut_VIRIDIS[768] = { /* matplotlib viridis */
  H(0x440154), H(0x440255), H(0x440357), H(0x450558), H(0x45065a), H(0x45085b), H(0x46095c), H(0x460b5e), H(0x460c5f), H(0x460e61),
  H(0x470f62), H(0x471163), H(0x471265), H(0x471466), H(0x471567), H(0x471669), H(0x47186a), H(0x48196b), H(0x481a6c), H(0x481c6e),
  H(0x481d6f), H(0x481e70), H(0x482071), H(0x482172), H(0x482273), H(0x482374), H(0x472575), H(0x472676), H(0x472777), H(0x472878),
  H(0x472a79), H(0x472b7a), H(0x472c7b), H(0x462d7c), H(0x462f7c), H(0x46307d), H(0x46317e), H(0x45327f), H(0x45347f), H(0x453580),
  H(0x453681), H(0x443781), H(0x443982), H(0x433a83), H(0x433b83), H(0x433c84), H(0x423d84), H(0x423e85), H(0x424085), H(0x414186),
  H(0x414286), H(0x404387), H(0x404487), H(0x3f4587), H(0x3f4788), H(0x3e4888), H(0x3e4989), H(0x3d4a89), H(0x3d4b89), H(0x3d4c89),
  H(0x3c4d8a), H(0x3c4e8a), H(0x3b508a), H(0x3b518a), H(0x3a528b), H(0x3a538b), H(0x39548b), H(0x39558b), H(0x38568b), H(0x38578c),
  H(0x37588c), H(0x37598c), H(0x365a8c), H(0x365b8c), H(0x355c8c), H(0x355d8c), H(0x345e8d), H(0x345f8d), H(0x33608d), H(0x33618d),
  H(0x32628d), H(0x32638d), H(0x31648d), H(0x31658d), H(0x31668d), H(0x30678d), H(0x30688d), H(0x2f698d), H(0x2f6a8d), H(0x2e6b8e),
  H(0x2e6c8e), H(0x2e6d8e), H(0x2d6e8e), H(0x2d6f8e), H(0x2c708e), H(0x2c718e), H(0x2c728e), H(0x2b738e), H(0x2b748e), H(0x2a758e),
  H(0x2a768e), H(0x2a778e), H(0x29788e), H(0x29798e), H(0x287a8e), H(0x287a8e), H(0x287b8e), H(0x277c8e), H(0x277d8e), H(0x277e8e),
  H(0x267f8e), H(0x26808e), H(0x26818e), H(0x25828e), H(0x25838d), H(0x24848d), H(0x24858d), H(0x24868d), H(0x23878d), H(0x23888d),
  H(0x23898d), H(0x22898d), H(0x228a8d), H(0x228b8d), H(0x218c8d), H(0x218d8c), H(0x218e8c), H(0x208f8c), H(0x20908c), H(0x20918c),
  H(0x1f928c), H(0x1f938b), H(0x1f948b), H(0x1f958b), H(0x1f968b), H(0x1e978a), H(0x1e988a), H(0x1e998a), H(0x1e998a), H(0x1e9a89),
  H(0x1e9b89), H(0x1e9c89), H(0x1e9d88), H(0x1e9e88), H(0x1e9f88), H(0x1ea087), H(0x1fa187), H(0x1fa286), H(0x1fa386), H(0x20a485),
  H(0x20a585), H(0x21a685), H(0x21a784), H(0x22a784), H(0x23a883), H(0x23a982), H(0x24aa82), H(0x25ab81), H(0x26ac81), H(0x27ad80),
  H(0x28ae7f), H(0x29af7f), H(0x2ab07e), H(0x2bb17d), H(0x2cb17d), H(0x2eb27c), H(0x2fb37b), H(0x30b47a), H(0x32b57a), H(0x33b679),
  H(0x35b778), H(0x36b877), H(0x38b976), H(0x39b976), H(0x3bba75), H(0x3dbb74), H(0x3ebc73), H(0x40bd72), H(0x42be71), H(0x44be70),
  H(0x45bf6f), H(0x47c06e), H(0x49c16d), H(0x4bc26c), H(0x4dc26b), H(0x4fc369), H(0x51c468), H(0x53c567), H(0x55c666), H(0x57c665),
  H(0x59c764), H(0x5bc862), H(0x5ec961), H(0x60c960), H(0x62ca5f), H(0x64cb5d), H(0x67cc5c), H(0x69cc5b), H(0x6bcd59), H(0x6dce58),
  H(0x70ce56), H(0x72cf55), H(0x74d054), H(0x77d052), H(0x79d151), H(0x7cd24f), H(0x7ed24e), H(0x81d34c), H(0x83d34b), H(0x86d449),
  H(0x88d547), H(0x8bd546), H(0x8dd644), H(0x90d643), H(0x92d741), H(0x95d73f), H(0x97d83e), H(0x9ad83c), H(0x9dd93a), H(0x9fd938),
  H(0xa2da37), H(0xa5da35), H(0xa7db33), H(0xaadb32), H(0xaddc30), H(0xafdc2e), H(0xb2dd2c), H(0xb5dd2b), H(0xb7dd29), H(0xbade27),
  H(0xbdde26), H(0xbfdf24), H(0xc2df22), H(0xc5df21), H(0xc7e01f), H(0xcae01e), H(0xcde01d), H(0xcfe11c), H(0xd2e11b), H(0xd4e11a),
  H(0xd7e219), H(0xdae218), H(0xdce218), H(0xdfe318), H(0xe1e318), H(0xe4e318), H(0xe7e419), H(0xe9e419), H(0xece41a), H(0xeee51b),
  H(0xf1e51c), H(0xf3e51e), H(0xf6e61f), H(0xf8e621), H(0xfae622), H(0xfde724),
};
static const uint8_t lut_CIVIDIS[768] = { /* matplotlib cividis */
  H(0x00224d), H(0x00234f), H(0x002350), H(0x002452), H(0x002554), H(0x002655), H(0x002657), H(0x002759), H(0x00285b), H(0x00285c),
  H(0x00295e), H(0x002a60), H(0x002a62), H(0x002b64), H(0x002c66), H(0x002c67), H(0x002d69), H(0x002e6b), H(0x002f6d), H(0x002f6f),
  H(0x003070), H(0x003070), H(0x003170), H(0x003170), H(0x043270), H(0x083370), H(0x0b3370), H(0x0e3470), H(0x11356f), H(0x14366f),
  H(0x16366f), H(0x18376f), H(0x1a386f), H(0x1c386e), H(0x1d396e), H(0x1f3a6e), H(0x213b6e), H(0x223b6e), H(0x243c6e), H(0x253d6d),
  H(0x273d6d), H(0x283e6d), H(0x2a3f6d), H(0x2b3f6d), H(0x2c406d), H(0x2e416c), H(0x2f426c), H(0x30426c), H(0x31436c), H(0x32446c),
  H(0x34446c), H(0x35456c), H(0x36466c), H(0x37466c), H(0x38476c), H(0x39486c), H(0x3a486b), H(0x3b496b), H(0x3d4a6b), H(0x3e4b6b),
  H(0x3f4b6b), H(0x404c6b), H(0x414d6b), H(0x424d6b), H(0x434e6b), H(0x444f6b), H(0x454f6b), H(0x46506b), H(0x47516b), H(0x48516b),
  H(0x49526b), H(0x4a536b), H(0x4b546c), H(0x4c546c), H(0x4d556c), H(0x4e566c), H(0x4e566c), H(0x4f576c), H(0x50586c), H(0x51586c),
  H(0x52596c), H(0x535a6c), H(0x545a6c), H(0x555b6d), H(0x565c6d), H(0x575d6d), H(0x585d6d), H(0x595e6d), H(0x595f6d), H(0x5a5f6d),
  H(0x5b606e), H(0x5c616e), H(0x5d616e), H(0x5e626e), H(0x5f636e), H(0x60646e), H(0x61646f), H(0x61656f), H(0x62666f), H(0x63666f),
  H(0x64676f), H(0x656870), H(0x666970), H(0x676970), H(0x686a70), H(0x686b71), H(0x696b71), H(0x6a6c71), H(0x6b6d71), H(0x6c6d72),
  H(0x6d6e72), H(0x6e6f72), H(0x6e7073), H(0x6f7073), H(0x707173), H(0x717273), H(0x727374), H(0x737374), H(0x747475), H(0x747575),
  H(0x757575), H(0x767676), H(0x777776), H(0x787876), H(0x797877), H(0x797977), H(0x7a7a77), H(0x7b7b77), H(0x7c7b78), H(0x7d7c78),
  H(0x7e7d78), H(0x7f7d78), H(0x807e78), H(0x817f78), H(0x828078), H(0x838078), H(0x848178), H(0x858278), H(0x858378), H(0x868378),
  H(0x878478), H(0x888578), H(0x898678), H(0x8a8678), H(0x8b8778), H(0x8c8878), H(0x8d8978), H(0x8e8978), H(0x8f8a77), H(0x908b77),
  H(0x918c77), H(0x928c77), H(0x938d77), H(0x948e77), H(0x958f77), H(0x968f77), H(0x979076), H(0x989176), H(0x999276), H(0x9a9376),
  H(0x9b9376), H(0x9c9476), H(0x9d9575), H(0x9e9675), H(0x9f9675), H(0xa09775), H(0xa19874), H(0xa29974), H(0xa39a74), H(0xa49a74),
  H(0xa59b73), H(0xa69c73), H(0xa79d73), H(0xa89e73), H(0xa99e72), H(0xaa9f72), H(0xaba072), H(0xaca171), H(0xada271), H(0xaea271),
  H(0xafa370), H(0xb0a470), H(0xb1a570), H(0xb2a66f), H(0xb3a66f), H(0xb4a76f), H(0xb5a86e), H(0xb6a96e), H(0xb7aa6d), H(0xb8ab6d),
  H(0xb9ab6d), H(0xbaac6c), H(0xbbad6c), H(0xbcae6b), H(0xbdaf6b), H(0xbeb06a), H(0xbfb06a), H(0xc1b169), H(0xc2b269), H(0xc3b368),
  H(0xc4b468), H(0xc5b567), H(0xc6b567), H(0xc7b666), H(0xc8b765), H(0xc9b865), H(0xcab964), H(0xcbba64), H(0xccbb63), H(0xcdbc62),
  H(0xcebc62), H(0xcfbd61), H(0xd0be60), H(0xd2bf60), H(0xd3c05f), H(0xd4c15e), H(0xd5c25e), H(0xd6c35d), H(0xd7c35c), H(0xd8c45b),
  H(0xd9c55a), H(0xdac65a), H(0xdbc759), H(0xdcc858), H(0xdec957), H(0xdfca56), H(0xe0cb55), H(0xe1cc54), H(0xe2cc53), H(0xe3cd52),
  H(0xe4ce51), H(0xe5cf50), H(0xe6d04f), H(0xe8d14e), H(0xe9d24d), H(0xead34c), H(0xebd44b), H(0xecd54a), H(0xedd648), H(0xeed747),
  H(0xefd846), H(0xf1d944), H(0xf2da43), H(0xf3da42), H(0xf4db40), H(0xf5dc3f), H(0xf6dd3d), H(0xf8de3b), H(0xf9df3a), H(0xfae038),
  H(0xfbe136), H(0xfde234), H(0xfde333), H(0xfde534), H(0xfde636), H(0xfde737),
};
static const uint8_t lut_RDBU[768] = { /* matplotlib RdBu_r */
  H(0x053061), H(0x063263), H(0x073466), H(0x083669), H(0x09386c), H(0x0a3a6f), H(0x0b3c72), H(0x0c3e75), H(0x0d4078), H(0x0e437b),
  H(0x0f457e), H(0x114781), H(0x124984), H(0x134b87), H(0x144d8a), H(0x154f8d), H(0x165190), H(0x175493), H(0x185695), H(0x195898),
  H(0x1a5a9b), H(0x1c5c9e), H(0x1d5ea1), H(0x1e60a4), H(0x1f62a7), H(0x2064aa), H(0x2166ac), H(0x2368ad), H(0x246aae), H(0x256caf),
  H(0x276db0), H(0x286fb0), H(0x2971b1), H(0x2b73b2), H(0x2c75b3), H(0x2d76b4), H(0x2f78b5), H(0x307ab6), H(0x317cb7), H(0x337db8),
  H(0x347fb9), H(0x3581b9), H(0x3783ba), H(0x3884bb), H(0x3986bc), H(0x3b88bd), H(0x3c8abe), H(0x3d8bbf), H(0x3f8dc0), H(0x408fc1),
  H(0x4191c2), H(0x4393c3), H(0x4694c4), H(0x4996c5), H(0x4c98c6), H(0x4f9ac7), H(0x529cc8), H(0x559ec9), H(0x58a0ca), H(0x5ba2cb),
  H(0x5ea4cc), H(0x61a6cd), H(0x65a8ce), H(0x68aacf), H(0x6bacd0), H(0x6eaed1), H(0x71b0d2), H(0x74b2d3), H(0x77b4d5), H(0x7ab6d6),
  H(0x7db8d7), H(0x80bad8), H(0x84bcd9), H(0x87beda), H(0x8ac0db), H(0x8dc2dc), H(0x90c4dd), H(0x93c5de), H(0x95c6df), H(0x98c8df),
  H(0x9ac9e0), H(0x9dcae1), H(0x9fcbe1), H(0xa2cde2), H(0xa4cee3), H(0xa7cfe4), H(0xa9d0e4), H(0xabd2e5), H(0xaed3e6), H(0xb0d4e6),
  H(0xb3d5e7), H(0xb5d7e8), H(0xb8d8e8), H(0xbad9e9), H(0xbddaea), H(0xbfdceb), H(0xc2ddeb), H(0xc4deec), H(0xc7dfed), H(0xc9e1ed),
  H(0xcce2ee), H(0xcee3ef), H(0xd1e5f0), H(0xd2e5f0), H(0xd3e6f0), H(0xd5e7f0), H(0xd6e7f1), H(0xd8e8f1), H(0xd9e9f1), H(0xdbe9f1),
  H(0xdceaf2), H(0xdeebf2), H(0xdfecf2), H(0xe1ecf3), H(0xe2edf3), H(0xe4eef3), H(0xe5eef3), H(0xe7eff4), H(0xe8f0f4), H(0xeaf1f4),
  H(0xebf1f4), H(0xedf2f5), H(0xeef3f5), H(0xf0f3f5), H(0xf1f4f6), H(0xf3f5f6), H(0xf4f5f6), H(0xf6f6f6), H(0xf7f6f6), H(0xf7f5f4),
  H(0xf7f4f2), H(0xf7f3f0), H(0xf8f2ee), H(0xf8f0ec), H(0xf8efea), H(0xf8eee8), H(0xf9ede7), H(0xf9ece5), H(0xf9ebe3), H(0xf9eae1),
  H(0xf9e9df), H(0xfae8dd), H(0xfae7db), H(0xfae5d9), H(0xfae4d7), H(0xfbe3d6), H(0xfbe2d4), H(0xfbe1d2), H(0xfbe0d0), H(0xfcdfce),
  H(0xfcdecc), H(0xfcddca), H(0xfcdcc8), H(0xfddbc7), H(0xfcd8c4), H(0xfcd6c1), H(0xfbd4be), H(0xfbd2bc), H(0xfbd0b9), H(0xfaceb6),
  H(0xfaccb4), H(0xfacab1), H(0xf9c7ae), H(0xf9c5ab), H(0xf9c3a9), H(0xf8c1a6), H(0xf8bfa3), H(0xf8bda1), H(0xf7bb9e), H(0xf7b99b),
  H(0xf7b799), H(0xf6b496), H(0xf6b293), H(0xf5b090), H(0xf5ae8e), H(0xf5ac8b), H(0xf4aa88), H(0xf4a886), H(0xf4a683), H(0xf3a380),
  H(0xf2a07e), H(0xf19e7c), H(0xef9b7a), H(0xee9878), H(0xed9676), H(0xec9374), H(0xeb9072), H(0xea8e70), H(0xe88b6e), H(0xe7886c),
  H(0xe6856a), H(0xe58368), H(0xe48065), H(0xe27d63), H(0xe17b61), H(0xe0785f), H(0xdf755d), H(0xde725b), H(0xdd7059), H(0xdb6d57),
  H(0xda6a55), H(0xd96853), H(0xd86551), H(0xd7624f), H(0xd6604d), H(0xd45d4b), H(0xd35a4a), H(0xd15749), H(0xd05447), H(0xce5146),
  H(0xcd4f45), H(0xcc4c43), H(0xca4942), H(0xc94641), H(0xc7433f), H(0xc6403e), H(0xc53e3c), H(0xc33b3b), H(0xc2383a), H(0xc03538),
  H(0xbf3237), H(0xbe3036), H(0xbc2d34), H(0xbb2a33), H(0xb92732), H(0xb82431), H(0xb6212f), H(0xb51f2e), H(0xb41c2d), H(0xb2192b),
  H(0xb0172a), H(0xad162a), H(0xaa1529), H(0xa71429), H(0xa41328), H(0xa11228), H(0x9e1127), H(0x9b1027), H(0x991027), H(0x960f26),
  H(0x930e26), H(0x900d25), H(0x8d0c25), H(0x8a0b24), H(0x870a24), H(0x840923), H(0x810823), H(0x7e0722), H(0x7b0622), H(0x780521),
  H(0x750421), H(0x720320), H(0x6f0220), H(0x6c011f), H(0x69001f), H(0x67001f),
};
#undef H

#define PE__CMAP_ROW(id, name, title, centred) {name, title, centred},
static const pe_colormap pe__colormaps[] = {PE_COLORMAPS(PE__CMAP_ROW)};
#define PE__CMAP_LUT(id, name, title, centred) lut_##id,
static const uint8_t *const pe__luts[] = {PE_COLORMAPS(PE__CMAP_LUT)};
enum { PE__CMAP_COUNT = sizeof pe__colormaps / sizeof pe__colormaps[0] };

int pe_colormap_count(void) { return PE__CMAP_COUNT; }

const pe_colormap *pe_colormap_at(int map) {
  return map >= 0 && map < PE__CMAP_COUNT ? &pe__colormaps[map] : NULL;
}

int pe_colormap_find(const char *name) {
  for (int m = 0; name && m < PE__CMAP_COUNT; m++)
    if (!strcmp(pe__colormaps[m].name, name)) return m;
  return -1;
}

pe_status pe_colormap_lut(int map, uint8_t rgba[1024]) {
  if (!pe_colormap_at(map) || !rgba) return PE_EINVAL;
  for (int i = 0; i < 256; i++) memcpy(rgba + 4 * i, pe__luts[map] + 3 * i, 3), rgba[4 * i + 3] = 255;
  return PE_OK;
}

static pe_status cm_fail(pe_error *err, pe_status code, const char *param, double value, double min, double max,
                         const char *detail) {
  if (err) err->code = code, err->param = param, err->value = value, err->min = min, err->max = max, err->detail = detail;
  return code;
}

static pe_status cm_check(int map, const void *data, int dtype, size_t n, pe_error *err) {
  if (!pe_colormap_at(map))
    return cm_fail(err, PE_EINVAL, "map", map, 0, PE__CMAP_COUNT - 1, "is not a known colormap");
  if (dtype != PE_F32 && dtype != PE_I32)
    return cm_fail(err, PE_EINVAL, "dtype", dtype, PE_F32, PE_I32, "is not float32 (0) or int32 (1)");
  if (n > 0 && !data) return cm_fail(err, PE_EINVAL, "data", 0, NAN, NAN, "is NULL");
  return PE_OK;
}

/* Fold the extremes lo, hi of `finite` more finite values into r. */
static void range_merge(pe_range *r, int64_t finite, double lo, double hi) {
  if (finite && (!r->finite || lo < r->min)) r->min = lo;
  if (finite && (!r->finite || hi > r->max)) r->max = hi;
  r->finite += finite;
}

/* Add n values to the counts and extremes of r (range_start first; any number of calls, then
 * range_finish). Lane l of a vector loop sees elements l, l + 4, ...; merging the lanes in order
 * keeps the scalar comparisons, so min/max are the same values (a zero extreme may differ in sign
 * when the data holds both zeros). Counters are flushed every 2^24 vectors: i32 lanes cannot
 * overflow. */
static void range_f32(const float *v, size_t n, pe_range *r) {
  float lo = INFINITY, hi = -INFINITY;
  const int64_t seen = r->nan + r->neg_inf + r->pos_inf;  /* the specials counted before this call */
  size_t i = 0;
#ifdef __wasm_simd128__
  const v128_t inf = wasm_f32x4_splat(INFINITY), ninf = wasm_f32x4_splat(-INFINITY), zero = wasm_f32x4_splat(0);
  v128_t vlo = inf, vhi = ninf;
  while (i + 4 <= n) {
    v128_t cnan = wasm_i32x4_splat(0), cneg = cnan, cpos = cnan;
    const size_t end = i + ((n - i) / 4 < (1u << 24) ? (n - i) / 4 : (1u << 24)) * 4;
    for (; i < end; i += 4) {
      const v128_t x = wasm_v128_load(v + i);
      const v128_t fin = wasm_f32x4_eq(wasm_f32x4_sub(x, x), zero);  /* inf - inf and NaN - NaN are NaN */
      if (wasm_i32x4_all_true(fin)) {
        vlo = wasm_f32x4_pmin(vlo, x), vhi = wasm_f32x4_pmax(vhi, x);  /* pmin(a, b) = b < a ? b : a */
        continue;
      }
      vlo = wasm_f32x4_pmin(vlo, wasm_v128_bitselect(x, inf, fin));
      vhi = wasm_f32x4_pmax(vhi, wasm_v128_bitselect(x, ninf, fin));
      cnan = wasm_i32x4_sub(cnan, wasm_f32x4_ne(x, x));
      cneg = wasm_i32x4_sub(cneg, wasm_f32x4_eq(x, ninf));
      cpos = wasm_i32x4_sub(cpos, wasm_f32x4_eq(x, inf));
    }
    int32_t c[12];
    wasm_v128_store(c, cnan), wasm_v128_store(c + 4, cneg), wasm_v128_store(c + 8, cpos);
    for (int l = 0; l < 4; l++) r->nan += c[l], r->neg_inf += c[4 + l], r->pos_inf += c[8 + l];
  }
  float l4[4], h4[4];
  wasm_v128_store(l4, vlo), wasm_v128_store(h4, vhi);
  for (int l = 0; l < 4; l++) lo = l4[l] < lo ? l4[l] : lo, hi = h4[l] > hi ? h4[l] : hi;
#endif
  CM_TAIL
  for (size_t k = i; k < n; k++) {
    const float x = v[k];
    if (x - x == 0) {
      lo = x < lo ? x : lo, hi = x > hi ? x : hi;
      continue;
    }
    if (x != x) r->nan++;
    else if (x < 0) r->neg_inf++;
    else r->pos_inf++;
  }
  range_merge(r, (int64_t)n - (r->nan + r->neg_inf + r->pos_inf - seen), lo, hi);
}

static void range_i32(const int32_t *v, size_t n, pe_range *r) {
  int32_t lo = INT32_MAX, hi = INT32_MIN;
  size_t i = 0;
#ifdef __wasm_simd128__
  v128_t vlo = wasm_i32x4_splat(INT32_MAX), vhi = wasm_i32x4_splat(INT32_MIN);
  for (; i + 4 <= n; i += 4) {
    const v128_t x = wasm_v128_load(v + i);
    vlo = wasm_i32x4_min(vlo, x), vhi = wasm_i32x4_max(vhi, x);
  }
  int32_t l4[4], h4[4];
  wasm_v128_store(l4, vlo), wasm_v128_store(h4, vhi);
  for (int l = 0; l < 4; l++) lo = l4[l] < lo ? l4[l] : lo, hi = h4[l] > hi ? h4[l] : hi;
#endif
  CM_TAIL
  for (; i < n; i++) lo = v[i] < lo ? v[i] : lo, hi = v[i] > hi ? v[i] : hi;
  range_merge(r, (int64_t)n, lo, hi);
}

__attribute__((noinline)) static void range_add(int dtype, const void *data, size_t n, pe_range *r) {  /* n of dtype */
  if (dtype == PE_F32) range_f32(data, n, r);
  else range_i32(data, n, r);
}

static void range_start(pe_range *r) {
  memset(r, 0, sizeof *r);
  r->min = r->max = NAN;
}

static void range_finish(int map, pe_range *r) {
  if (!r->finite) {
    r->lo = r->hi = 0;
  } else if (pe__colormaps[map].centred) {
    const double m = fabs(r->min) > fabs(r->max) ? fabs(r->min) : fabs(r->max);
    r->lo = -m, r->hi = m;
  } else {
    r->lo = r->min, r->hi = r->max;
  }
}

pe_status pe_range_of(int map, const void *data, int dtype, size_t n, pe_range *r, pe_error *err) {
  pe_status s = cm_check(map, data, dtype, n, err);
  if (s) return s;
  if (!r) return cm_fail(err, PE_EINVAL, "range", 0, NAN, NAN, "is NULL");
  range_start(r);
  range_add(dtype, data, n, r);
  range_finish(map, r);
  return PE_OK;
}

/* One value, by the documented rule: matplotlib's index floor(t * N), clipped; flat (scale 0): the
 * middle colour. */
__attribute__((noinline)) static void cm_put(const uint8_t *lut, double x, double vmin, double scale, uint8_t *o) {
  if (x != x) {
    o[0] = 255, o[1] = 0, o[2] = 255, o[3] = 255;  /* PE_RGBA_NAN */
  } else if (x == -INFINITY) {
    o[0] = o[1] = o[2] = o[3] = 0;                 /* PE_RGBA_MASKED */
  } else {
    const double t = scale > 0 ? (x - vmin) * scale : 128;
    memcpy(o, lut + 3 * (t >= 255 ? 255 : t > 0 ? (int)t : 0), 3), o[3] = 255;
  }
}

#ifdef __wasm_simd128__
static uint32_t lut32[256];  /* the map's colours as R, G, B, 255 in memory order (wasm is little-endian) */
static int lut32_map = -1;  /* the map lut32 holds: a cache across calls, so static */

/* Four indices from four doubles (two f64x2): cm_put's operations lane by lane, so the same
 * roundings; pmax/pmin clamp to [0, 255], where the truncation is floor. floor(t) + 2^52 holds the
 * integer in its low 32 bits (one add instead of i32x4.trunc_sat_f64x2_zero, which V8 expands to
 * several instructions); the mask keeps a NaN's payload bits from indexing past the table (NaN pixels
 * are redone by cm_fix8). */
__attribute__((always_inline)) static inline v128_t cm_idx4(v128_t lo, v128_t hi, v128_t vmin, v128_t scale) {
  const v128_t zero = wasm_f64x2_splat(0), top = wasm_f64x2_splat(255), magic = wasm_f64x2_splat(0x1p52);
  lo = wasm_f64x2_pmin(wasm_f64x2_pmax(wasm_f64x2_mul(wasm_f64x2_sub(lo, vmin), scale), zero), top);
  hi = wasm_f64x2_pmin(wasm_f64x2_pmax(wasm_f64x2_mul(wasm_f64x2_sub(hi, vmin), scale), zero), top);
  lo = wasm_f64x2_add(wasm_f64x2_floor(lo), magic), hi = wasm_f64x2_add(wasm_f64x2_floor(hi), magic);
  return wasm_v128_and(wasm_i32x4_shuffle(lo, hi, 0, 2, 4, 6), wasm_i32x4_splat(255));
}
#define CM_HIGH(x) wasm_i64x2_shuffle(x, x, 1, 0)  /* lanes 2, 3 moved down */

/* No gather in SIMD128: one table load and one 4-byte store per pixel. */
__attribute__((always_inline)) static inline void cm_store4(uint8_t *o, v128_t idx) {
  const uint64_t a = (uint64_t)wasm_i64x2_extract_lane(idx, 0), b = (uint64_t)wasm_i64x2_extract_lane(idx, 1);
  memcpy(o, &lut32[(uint32_t)a], 4), memcpy(o + 4, &lut32[a >> 32], 4);
  memcpy(o + 8, &lut32[(uint32_t)b], 4), memcpy(o + 12, &lut32[b >> 32], 4);
}

/* NaN and -Infinity are rare: redo the 8 pixels that hold one by the scalar rule. */
__attribute__((noinline)) static void cm_fix8(const uint8_t *lut, const float *v, uint8_t *o) {
  CM_TAIL
  for (int k = 0; k < 8; k++)
    if (v[k] != v[k] || v[k] == -INFINITY) cm_put(lut, v[k], 0, 0, o + 4 * k);
}
#endif

__attribute__((noinline)) static void apply(int map, const void *data, int f32, size_t n, double vmin, double scale, uint8_t *rgba) {
  const uint8_t *lut = pe__luts[map];
  size_t i = 0;
#ifdef __wasm_simd128__
  if (lut32_map != map) {
    CM_TAIL
    for (int k = 0; k < 256; k++) lut32[k] = lut[3 * k] | lut[3 * k + 1] << 8 | (uint32_t)lut[3 * k + 2] << 16 | 0xff000000u;
    lut32_map = map;
  }
  const v128_t vm = wasm_f64x2_splat(vmin), sc = wasm_f64x2_splat(scale), ninf = wasm_f32x4_splat(-INFINITY);
  if (scale > 0 && f32) {  /* 8 pixels per step: two independent chains */
    const float *v = data;
    for (; i + 8 <= n; i += 8) {
      const v128_t x = wasm_v128_load(v + i), y = wasm_v128_load(v + i + 4);
      const v128_t a = wasm_f64x2_promote_low_f32x4(x), b = wasm_f64x2_promote_low_f32x4(CM_HIGH(x));
      const v128_t c = wasm_f64x2_promote_low_f32x4(y), d = wasm_f64x2_promote_low_f32x4(CM_HIGH(y));
      cm_store4(rgba + 4 * i, cm_idx4(a, b, vm, sc)), cm_store4(rgba + 4 * i + 16, cm_idx4(c, d, vm, sc));
      /* NaN and -Infinity are exactly the values not > -Infinity */
      if (!wasm_i32x4_all_true(wasm_v128_and(wasm_f32x4_gt(x, ninf), wasm_f32x4_gt(y, ninf))))
        cm_fix8(lut, v + i, rgba + 4 * i);
    }
  } else if (scale > 0) {
    const int32_t *v = data;
    for (; i + 8 <= n; i += 8) {
      const v128_t x = wasm_v128_load(v + i), y = wasm_v128_load(v + i + 4);
      const v128_t a = wasm_f64x2_convert_low_i32x4(x), b = wasm_f64x2_convert_low_i32x4(CM_HIGH(x));
      const v128_t c = wasm_f64x2_convert_low_i32x4(y), d = wasm_f64x2_convert_low_i32x4(CM_HIGH(y));
      cm_store4(rgba + 4 * i, cm_idx4(a, b, vm, sc)), cm_store4(rgba + 4 * i + 16, cm_idx4(c, d, vm, sc));
    }
  }
#endif
  if (f32)
    CM_TAIL
    for (; i < n; i++) cm_put(lut, ((const float *)data)[i], vmin, scale, rgba + 4 * i);
  else
    CM_TAIL
    for (; i < n; i++) cm_put(lut, ((const int32_t *)data)[i], vmin, scale, rgba + 4 * i);
}

/* Checks the limits (NaN ones already filled in) and gives apply()'s scale. */
static pe_status cm_limits(double vmin, double vmax, double limits[2], double *scale, pe_error *err) {
  if (!isfinite(vmin)) return cm_fail(err, PE_EINVAL, "vmin", vmin, NAN, NAN, "is not a finite number");
  if (!isfinite(vmax)) return cm_fail(err, PE_EINVAL, "vmax", vmax, NAN, NAN, "is not a finite number");
  if (vmin > vmax) return cm_fail(err, PE_ERANGE, "vmin", vmin, -INFINITY, vmax, "is greater than vmax");
  if (limits) limits[0] = vmin, limits[1] = vmax;
  /* A degenerate range (or one whose reciprocal overflows) puts every finite value in the middle. */
  *scale = vmax > vmin ? 256.0 / (vmax - vmin) : 0;
  if (!(*scale > 0 && isfinite(*scale))) *scale = 0;
  return PE_OK;
}

/* Size over speed for the per-call entry points: their per-value passes, apply() and range_add(),
 * are noinline and compiled for speed; clang only. */
#ifdef __clang__
#define MINSIZE __attribute__((minsize))
#else
#define MINSIZE
#endif

MINSIZE pe_status pe_colormap_apply(int map, const void *data, int dtype, size_t n, double vmin, double vmax, uint8_t *rgba,
                            double limits[2], pe_error *err) {
  pe_status s = cm_check(map, data, dtype, n, err);
  if (s) return s;
  if (n > 0 && !rgba) return cm_fail(err, PE_EINVAL, "rgba", 0, NAN, NAN, "is NULL");
  if (isnan(vmin) || isnan(vmax)) {
    pe_range r;
    range_start(&r);
    range_add(dtype, data, n, &r);
    range_finish(map, &r);
    vmin = isnan(vmin) ? r.lo : vmin;
    vmax = isnan(vmax) ? r.hi : vmax;
  }
  double scale;
  if ((s = cm_limits(vmin, vmax, limits, &scale, err))) return s;
  if (n) apply(map, data, dtype == PE_F32, n, vmin, scale, rgba);
  return PE_OK;
}

/* One row of the image at a time, through these (static: wasm is single-threaded; 256 KiB). */
static uint32_t sm_col[PE_SAMPLE_MAX];  /* the column each pixel shows */
static union { float f[PE_SAMPLE_MAX]; uint32_t px[PE_SAMPLE_MAX]; } sm_row;

/* The cell of `cells` under the centre of pixel i of `pixels`: floor((i + 1/2) cells / pixels). */
static size_t centre_cell(size_t i, size_t cells, size_t pixels) {
  return (size_t)((2 * (uint64_t)i + 1) * cells / (2 * (uint64_t)pixels));
}

/* pe_colormap_sample's and pe_colormap_sample_columns' checks of the sizes, map, dtype and pointers;
 * *n: the elements from the first cell to the last. */
static pe_status sample_check(int map, const void *data, int dtype, size_t rows, size_t cols, size_t stride, size_t height,
                              size_t width, const uint8_t *rgba, size_t *n, pe_error *err) {
  const int empty = !rows || !cols;
  if (rows > PE_SAMPLE_SIDE) return cm_fail(err, PE_ERANGE, "rows", (double)rows, 0, PE_SAMPLE_SIDE, "is outside the range");
  if (cols > PE_SAMPLE_SIDE) return cm_fail(err, PE_ERANGE, "cols", (double)cols, 0, PE_SAMPLE_SIDE, "is outside the range");
  if (!empty && stride < cols) return cm_fail(err, PE_EINVAL, "stride", (double)stride, (double)cols, NAN, "is less than cols");
  if (!empty && cols > SIZE_MAX / 4)  /* 32-bit size_t only */
    return cm_fail(err, PE_ENOMEM, "cols", (double)cols, 0, (double)(SIZE_MAX / 4), "makes the table larger than memory");
  if (!empty && rows > 1 && stride > (SIZE_MAX / 4 - cols) / (rows - 1))
    return cm_fail(err, PE_ENOMEM, "stride", (double)stride, (double)cols, NAN, "makes the table larger than memory");
  *n = empty ? 0 : (rows - 1) * stride + cols;
  pe_status s = cm_check(map, data, dtype, *n, err);
  if (s) return s;
  if (empty ? height != 0 : height < 1 || height > PE_SAMPLE_SIDE)
    return cm_fail(err, PE_ERANGE, "height", (double)height, !empty, empty ? 0 : PE_SAMPLE_SIDE,
                   empty ? "is not 0 for an empty table" : "is outside the range");
  if (empty ? width != 0 : width < 1 || width > PE_SAMPLE_MAX)
    return cm_fail(err, PE_ERANGE, "width", (double)width, !empty, empty ? 0 : PE_SAMPLE_MAX,
                   empty ? "is not 0 for an empty table" : "is outside the range");
  if (!empty && height > SIZE_MAX / 4 / width)
    return cm_fail(err, PE_ENOMEM, "height", (double)height, 1, NAN, "makes the image larger than memory");
  if (!empty && !rgba) return cm_fail(err, PE_EINVAL, "rgba", 0, NAN, NAN, "is NULL");
  return PE_OK;
}

MINSIZE pe_status pe_colormap_sample(int map, const void *data, int dtype, size_t rows, size_t cols, size_t stride,
                             size_t height, size_t width, double vmin, double vmax, uint8_t *rgba,
                             double limits[2], pe_error *err) {
  const int empty = !rows || !cols;
  size_t n;
  pe_status s = sample_check(map, data, dtype, rows, cols, stride, height, width, rgba, &n, err);
  if (s) return s;
  if (isnan(vmin) || isnan(vmax)) {  /* of every cell, not only the sampled ones */
    pe_range r;
    range_start(&r);
    const int packed = stride == cols || rows == 1;  /* the cells are n contiguous elements: one pass */
    for (size_t y = 0; y < (empty ? 0 : packed ? 1 : rows); y++)
      range_add(dtype, (const uint8_t *)data + 4 * y * stride, packed ? n : cols, &r);
    range_finish(map, &r);
    vmin = isnan(vmin) ? r.lo : vmin;
    vmax = isnan(vmax) ? r.hi : vmax;
  }
  double scale;
  if ((s = cm_limits(vmin, vmax, limits, &scale, err))) return s;
  if (empty) return PE_OK;
  const int f32 = dtype == PE_F32;
  if (width != cols)
    CM_TAIL
    for (size_t x = 0; x < width; x++) sm_col[x] = (uint32_t)centre_cell(x, cols, width);
  size_t last = SIZE_MAX;
  for (size_t y = 0; y < height; y++) {
    uint8_t *out = rgba + 4 * width * y;
    const size_t r = centre_cell(y, rows, height);
    if (r == last) {  /* a cell taller than a pixel: the row above again */
      memcpy(out, out - 4 * width, 4 * width);
      continue;
    }
    last = r;
    const uint8_t *src = (const uint8_t *)data + 4 * r * stride;
    if (width == cols) {
      apply(map, src, f32, cols, vmin, scale, out);
    } else if (width < cols) {  /* the shown cells only, gathered, then coloured */
      CM_TAIL
      for (size_t x = 0; x < width; x++) memcpy(&sm_row.px[x], src + 4 * (size_t)sm_col[x], 4);
      apply(map, sm_row.f, f32, width, vmin, scale, out);
    } else {  /* each cell coloured once, then copied to each of its pixels */
      apply(map, src, f32, cols, vmin, scale, (uint8_t *)sm_row.px);
      CM_TAIL
      for (size_t x = 0; x < width; x++) memcpy(out + 4 * x, &sm_row.px[sm_col[x]], 4);
    }
  }
  return PE_OK;
}

/* Column c's scale: its limits' apply() scale as cm_limits gives it (0: flat, every value in the middle). */
static double column_scale(const double *limits, size_t c) {
  const double lo = limits[2 * c], hi = limits[2 * c + 1], scale = hi > lo ? 256.0 / (hi - lo) : 0;
  return scale > 0 && isfinite(scale) ? scale : 0;
}

MINSIZE pe_status pe_colormap_sample_columns(int map, const void *data, int dtype, size_t rows, size_t cols, size_t stride,
                                     size_t height, size_t width, double vmin, double vmax, uint8_t *rgba,
                                     double *limits, pe_error *err) {
  size_t n;
  pe_status s = sample_check(map, data, dtype, rows, cols, stride, height, width, rgba, &n, err);
  if (s) return s;
  if (cols && !limits) return cm_fail(err, PE_EINVAL, "limits", 0, NAN, NAN, "is NULL");
  const uint8_t *p = data;
  if (!rows) CM_TAIL for (size_t c = 0; c < 2 * cols; c++) limits[c] = 0;  /* nothing is finite: [0, 0] */
  for (size_t c = 0; c < cols && rows; c++) {  /* each column's limits: its own automatic ones, or the given ends */
    pe_range r;
    range_start(&r);
    CM_TAIL
    for (size_t y = 0; y < rows; y++) range_add(dtype, p + 4 * (y * stride + c), 1, &r);
    range_finish(map, &r);
    double scale, lim[2];
    if ((s = cm_limits(isnan(vmin) ? r.lo : vmin, isnan(vmax) ? r.hi : vmax, lim, &scale, err))) return s;
    limits[2 * c] = lim[0], limits[2 * c + 1] = lim[1];
  }
  if (!rows || !cols) return PE_OK;
  const uint8_t *lut = pe__luts[map];
  const int f32 = dtype == PE_F32;
  for (size_t y = 0; y < height; y++) {
    uint8_t *out = rgba + 4 * width * y;
    const uint8_t *src = p + 4 * centre_cell(y, rows, height) * stride;
    CM_TAIL
    for (size_t x = 0; x < width; x++) {
      const size_t c = width == cols ? x : centre_cell(x, cols, width);
      const double v = f32 ? (double)((const float *)src)[c] : (double)((const int32_t *)src)[c];
      cm_put(lut, v, limits[2 * c], column_scale(limits, c), out + 4 * x);
    }
  }
  return PE_OK;
}
