// Chart.js for the views. Statically hosted, this is the package's own ESM build of 'chart.js/auto'
// (web/vendor/chart.js, made by `build.sh vendor` from the chart.js dependency): relative imports
// only, so no import map or CDN. Bundlers read package.json's "browser" field, which maps that file
// to 'chart.js/auto', so an app that bundles Chart.js itself gets one copy of it, not two. The
// default export, as Parcel loses the named ones that chart.js/auto re-exports with `export *`.
export { default as Chart } from '../vendor/chart.js';
