// What the lists with a search box, filters and pages share (skins, bundles, authors, admin lists).
export { ListFilterBar } from './list-filter-bar';
export { ListLoadError } from './list-load-error';
export { ListSearchInput } from './list-search-input';
export { ListPagination } from './list-pagination';
export {
  ALL_GAMES,
  readListParams,
  readSearchPageParams,
  writeListParams,
  writeSearchAndPage,
} from './list-params';
export type { GameFilter, ListParams, SearchPageParams } from './list-params';
export { listingMessages } from './listing.messages';
export { searchToApply } from './search-rules';
export { useListParams } from './use-list-params';
export { useSearchBox } from './use-search-box';
export type { SearchBox } from './use-search-box';
export { useListPaging } from './use-list-paging';
