export { COMMENTS_PAGE_SIZE, ItemComments, type CommentedItem } from './item-comments';
export { commentsMessages } from './comments.messages';
