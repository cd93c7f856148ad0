/*
 * Progressive enhancement for the Group Order entry points. Nothing depends on this file:
 * without it the join form is a GET to the app's find-order page and the launcher is a
 * native <details> element that opens and closes on its own.
 */
(function () {
  'use strict';

  // The app block and the app embed each include this file, so one page can load it twice.
  if (window.groupOrderEntryLoaded) return;
  window.groupOrderEntryLoaded = true;

  var JOIN_FORM = 'form[data-group-order-join]';
  var OPEN_LAUNCHER = 'details[data-group-order-launcher][open]';
  var CODE = /^[A-Z0-9]{4,6}$/;

  function normaliseCode(value) {
    return String(value || '')
      .replace(/[\s\-]+/g, '')
      .toUpperCase();
  }

  // The browser's own check would reject a pasted " abc123 " that we can simply clean up,
  // so these forms are validated in the submit handler instead.
  function takeOverValidation(root) {
    var forms = root.querySelectorAll(JOIN_FORM);
    for (var i = 0; i < forms.length; i++) forms[i].noValidate = true;
  }

  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (!form || typeof form.matches !== 'function' || !form.matches(JOIN_FORM)) return;
    var input = form.elements.namedItem('code');
    var base = form.getAttribute('data-join-base');
    if (!input || !base) return;

    var code = normaliseCode(input.value);
    input.value = code;
    event.preventDefault();

    if (!CODE.test(code)) {
      input.setCustomValidity(form.getAttribute('data-invalid-message') || 'Invalid code');
      input.reportValidity();
      return;
    }
    // Straight to the join page; the find-order lookup is only the no-JavaScript route.
    // The storefront's language goes along, so the join page opens in it.
    var locale = form.getAttribute('data-locale');
    window.location.assign(
      base + encodeURIComponent(code) + (locale ? '?locale=' + encodeURIComponent(locale) : ''),
    );
  });

  // A custom validity message sticks until cleared, which would block every later submit.
  document.addEventListener('input', function (event) {
    var input = event.target;
    if (input && input.form && input.form.hasAttribute('data-group-order-join')) {
      input.setCustomValidity('');
    }
  });

  document.addEventListener('keydown', function (event) {
    if (event.key !== 'Escape') return;
    var open = document.querySelectorAll(OPEN_LAUNCHER);
    for (var i = 0; i < open.length; i++) {
      var details = open[i];
      var hadFocus = details.contains(document.activeElement);
      details.open = false;
      // Focus would otherwise fall back to <body>, losing a keyboard user's place.
      if (hadFocus) details.querySelector('summary').focus();
    }
  });

  document.addEventListener('click', function (event) {
    var open = document.querySelectorAll(OPEN_LAUNCHER);
    for (var i = 0; i < open.length; i++) {
      if (!open[i].contains(event.target)) open[i].open = false;
    }
  });

  // The theme editor re-renders sections in place; their new forms need the same treatment.
  document.addEventListener('shopify:section:load', function (event) {
    takeOverValidation(event.target);
  });

  takeOverValidation(document);
})();
