/** A link marked to share: the address to share and the words that go with it. */
export const SHARE_URL_ATTRIBUTE = "data-share-url";
export const SHARE_TEXT_ATTRIBUTE = "data-share-text";

/** A WhatsApp message with the text and the link: wa.me lets the shopper pick the chat. */
export const whatsappShareLink = (text: string, url: string) =>
  `https://wa.me/?text=${encodeURIComponent(`${text}\n${url}`)}`;

/**
 * The layout's inline script (with the CSP nonce): a tap on a share link opens the device's share
 * sheet where the browser has the Web Share API, instead of following the link to WhatsApp. Inline
 * and delegated, so no page carries share code in its bundle and it works before hydration.
 */
export const SHARE_SCRIPT =
  `window.__sfShare=true;document.addEventListener("click",function(e){` +
  `var a=e.target&&e.target.closest&&e.target.closest("a[${SHARE_URL_ATTRIBUTE}]");` +
  `if(!a||typeof navigator.share!=="function")return;e.preventDefault();` +
  `var t=a.getAttribute("${SHARE_TEXT_ATTRIBUTE}")||document.title;` +
  `navigator.share({title:t,text:t,url:a.getAttribute("${SHARE_URL_ATTRIBUTE}")}).catch(function(){})})`;
