declare module 'virtual:islands-entry' {
  const entry: import('../../islands-plugin.ts').IslandsEntry;
  export default entry;
}
