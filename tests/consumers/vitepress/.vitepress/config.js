export default {
  title: 'posenc in VitePress',
  vue: { template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('posenc-') } } },
};
