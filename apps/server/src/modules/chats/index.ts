export { loadChatMessage, messageForViewer, seesRealAuthor } from './chats.service';
